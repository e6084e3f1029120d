import { OrderRequestSchema } from '@tb/core';
import { ExchangeError } from '@tb/hyperliquid';
import { openPaperExchange, type PaperExchange } from '@tb/paper-exchange';
import { describe, expect, it } from 'vitest';
import { ExchangeNetworks } from '../exchange/exchange-networks.js';

const TIMEOUT_MS = 50;

/**
 * The paper exchange behind a hold: while `holding`, an /exchange request reaches it only once
 * its caller has given up on it, as one stuck behind a slow request on its account would.
 */
function heldPaper(paper: PaperExchange) {
  const held = {
    holding: false,
    reached: [] as Promise<unknown>[],
    info: (body: unknown) => paper.info(body),
    faucet: (body: unknown) => paper.faucet(body),
    pinMark: (body: unknown) => paper.pinMark(body),
    exchange: (body: unknown, signal?: AbortSignal) => {
      if (!held.holding || !signal) return paper.exchange(body, signal);
      const late = new Promise<void>((resolve) =>
        signal.addEventListener('abort', () => resolve(), { once: true }),
      ).then(() => paper.exchange(body, signal));
      held.reached.push(late);
      return late;
    },
  };
  return held;
}

describe('a paper order the app stopped waiting for', () => {
  it('answers a time-out and is never placed', async () => {
    const paper = heldPaper(await openPaperExchange());
    const networks = new ExchangeNetworks(
      {
        hyperliquidUrls: { mainnet: 'http://127.0.0.1:9', testnet: 'http://127.0.0.1:9' },
        exchangeTimeoutMs: TIMEOUT_MS,
      },
      paper,
    );
    const keys = await networks.createPaperAccount();
    const account = networks.account('paper', keys);
    const order = OrderRequestSchema.parse({
      symbol: 'ETH',
      side: 'buy',
      size: 0.01,
      orderType: 'market',
    });
    paper.holding = true;
    const failure = await account.placeOrder(order).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ExchangeError);
    expect(failure).toMatchObject({ kind: 'timeout' });
    // The request did reach the exchange after the time-out: it changed nothing.
    expect(paper.reached).toHaveLength(1);
    expect(await paper.reached[0]).toMatchObject({ status: 503 });
    paper.holding = false;
    expect(await account.positions()).toEqual([]);
    await expect(account.placeOrder(order)).resolves.toMatchObject({
      status: 'filled',
      filled: 0.01,
    });
    expect(await account.positions()).toEqual([expect.objectContaining({ size: 0.01 })]);
  });
});
