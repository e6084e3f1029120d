import { describe, expect, it } from 'vitest';
import { gate, HookedStore } from './test/hooked-store.js';
import { fund, infoClient, openTestExchange, signedEnvelope } from './test/harness.js';
import { addressOf, randomKey } from './test/wallet.js';
import { openPaperExchange } from './paper-exchange.js';

/** One request, one transaction: all of it is stored, or none of it; accounts do not queue. */

const restingEthBuy = (px: number) => ({
  type: 'order',
  orders: [{ a: 1, b: true, p: String(px), s: '0.1', r: false, t: { limit: { tif: 'Gtc' } } }],
  grouping: 'na',
});

const marketEthBuy = {
  type: 'order',
  orders: [{ a: 1, b: true, p: '100000', s: '0.1', r: false, t: { limit: { tif: 'Ioc' } } }],
  grouping: 'na',
};

async function twoAccounts(store: HookedStore) {
  const { exchange, clock } = await openTestExchange({ store });
  const first = randomKey();
  const second = randomKey();
  await fund(exchange, addressOf(first));
  await fund(exchange, addressOf(second));
  return { exchange, clock, first, second };
}

/** Lets every pending callback run (promise jobs and timers due now). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a request whose store write fails', () => {
  it('answers 503, logs the cause and changes nothing (the order can be sent again)', async () => {
    const store = new HookedStore();
    const logged: unknown[] = [];
    const exchange = await openPaperExchange({
      store,
      seed: 7,
      log: { error: (details) => logged.push(details.err) },
    });
    const key = randomKey();
    const user = addressOf(key);
    await fund(exchange, user);
    const info = infoClient(exchange);
    const cause = Object.assign(new Error('Connection terminated unexpectedly'), { code: '08006' });
    store.beforeWrite = () => {
      throw new Error('Failed query: update "paper_accounts" set ... params: secret', { cause });
    };
    const envelope = await signedEnvelope(key, marketEthBuy, Date.now());
    const answer = await exchange.exchange(envelope);
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      status: 'err',
      response: expect.stringContaining('nothing was changed'),
    });
    expect(logged).toEqual([
      { type: 'Error', message: 'Connection terminated unexpectedly', code: '08006' },
    ]);
    store.beforeWrite = () => undefined;
    expect(await info.clearinghouseState({ user })).toMatchObject({
      assetPositions: [],
      marginSummary: { accountValue: '10000' },
    });
    expect(await info.userFills({ user })).toEqual([]);
    expect(await info.historicalOrders({ user })).toEqual([]);
    // The nonce was not used either: the same signed request goes through now.
    expect((await exchange.exchange(envelope)).body).toMatchObject({
      status: 'ok',
      response: { data: { statuses: [{ filled: { totalSz: '0.1' } }] } },
    });
  });

  it('leaves a new address unfunded when the faucet cannot store it', async () => {
    const store = new HookedStore();
    const exchange = await openPaperExchange({ store });
    const user = addressOf(randomKey());
    store.beforeWrite = () => {
      throw new Error('disk full');
    };
    expect((await exchange.faucet({ user })).status).toBe(503);
    store.beforeWrite = () => undefined;
    expect((await exchange.faucet({ user })).body).toEqual({
      status: 'ok',
      response: { type: 'default' },
    });
  });
});

describe('requests on different accounts', () => {
  it("do not wait for another account's slow transaction", async () => {
    const store = new HookedStore();
    const { exchange, clock, first, second } = await twoAccounts(store);
    const slow = gate();
    store.beforeWrite = (address) => (address === addressOf(first) ? slow.wait() : undefined);
    const held = exchange.exchange(await signedEnvelope(first, restingEthBuy(1000), clock.nonce()));
    await slow.reached;
    // The first account's transaction is open and waiting; the second account goes through.
    const other = await exchange.exchange(
      await signedEnvelope(second, restingEthBuy(1001), clock.nonce()),
    );
    expect(other.body).toMatchObject({ status: 'ok' });
    const info = infoClient(exchange);
    expect(await info.openOrders({ user: addressOf(second) })).toHaveLength(1);
    // Reads see what is committed: the held order is not there yet.
    expect(await info.openOrders({ user: addressOf(first) })).toEqual([]);
    slow.open();
    expect((await held).body).toMatchObject({ status: 'ok' });
    expect(await info.openOrders({ user: addressOf(first) })).toHaveLength(1);
  });

  it('on one account wait for each other, so none is lost', async () => {
    const store = new HookedStore();
    const { exchange, clock, first } = await twoAccounts(store);
    const slow = gate();
    let paused = false;
    store.beforeWrite = () => {
      if (paused) return undefined;
      paused = true;
      return slow.wait();
    };
    const held = exchange.exchange(await signedEnvelope(first, restingEthBuy(1000), clock.nonce()));
    await slow.reached;
    let queuedDone = false;
    const queued = exchange
      .exchange(await signedEnvelope(first, restingEthBuy(1001), clock.nonce()))
      .then((answer) => {
        queuedDone = true;
        return answer;
      });
    await settle();
    expect(queuedDone).toBe(false);
    slow.open();
    await Promise.all([held, queued]);
    const open = await infoClient(exchange).openOrders({ user: addressOf(first) });
    expect(open.map((o) => o.limitPx).sort()).toEqual(['1000', '1001']);
  });
});
