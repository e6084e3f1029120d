import { describe, expect, it } from 'vitest';
import { PERP_ASSETS, roundPrice } from '../market/assets.js';
import { bookAt } from '../market/book.js';
import { markPriceAt } from '../market/marks.js';
import { newAccount, newLedger, useIdBlock } from '../state.js';
import { T0 } from '../test/harness.js';
import { advance } from './lazy.js';
import { liquidationPrice } from './margin.js';
import { MAKER_FEE_RATE } from './matching.js';
import { placeOrders } from './orders.js';
import { updateLeverage } from './leverage.js';

const SEED = 5;
const BTC = PERP_ASSETS[0]!;
const MINUTE = 60_000;

function setUp(usdc: number) {
  const account = newAccount('0x00000000000000000000000000000000000000bb', usdc, T0);
  useIdBlock(account, 1);
  return { ledger: newLedger(account), account, ctx: { seed: SEED, nowMs: T0 } };
}

/** The first minute after T0 (within `limit`) at which the BTC mark satisfies `hit`. */
function firstMinute(hit: (mark: number) => boolean, limit = 60 * 24 * 60): number {
  for (let k = 1; k <= limit; k += 1) {
    if (hit(markPriceAt(SEED, BTC, T0 + k * MINUTE))) return T0 + k * MINUTE;
  }
  throw new Error('the price path never got there');
}

describe('time passing between requests', () => {
  it('a resting buy fills at its limit, as maker, once the mid falls to it', () => {
    const { ledger, account, ctx } = setUp(10_000);
    const bid = bookAt(SEED, BTC, T0).bids[0]!.px;
    let low = Infinity;
    for (let k = 1; k <= 360; k += 1) low = Math.min(low, markPriceAt(SEED, BTC, T0 + k * MINUTE));
    const limit = roundPrice(BTC, low, 'up');
    expect(limit).toBeLessThan(bid);
    placeOrders(ctx, ledger, [
      { a: 0, b: true, p: String(limit), s: '0.01', r: false, t: { limit: { tif: 'Gtc' } } },
    ]);
    const cross = firstMinute((mark) => mark <= limit);

    expect(advance(ledger, SEED, cross - MINUTE)).toBe(false);
    expect(account.openOrders[0]?.status).toBe('open');
    expect(advance(ledger, SEED, cross)).toBe(true);
    expect(account.openOrders).toEqual([]);
    expect(ledger.finished[0]).toMatchObject({ status: 'filled', sz: 0, statusTimestamp: cross });
    expect(ledger.fills[0]).toMatchObject({
      px: String(limit),
      sz: '0.01',
      crossed: false,
      time: cross,
    });
    expect(Number(ledger.fills[0]?.fee)).toBeCloseTo(limit * 0.01 * MAKER_FEE_RATE, 9);
    expect(account.positions.BTC).toEqual({ szi: 0.01, entryPx: limit });
  });

  it('a leveraged long is liquidated when the mark reaches its liquidation price', () => {
    const { ledger, account, ctx } = setUp(1_000);
    const action = { type: 'updateLeverage', asset: 0, isCross: true, leverage: 40 } as const;
    expect(updateLeverage(account, action, {})).toBeNull();
    const ask = bookAt(SEED, BTC, T0).asks[0]!.px;
    const size = ((1_000 * 40 * 0.9) / ask).toFixed(5);
    const [status] = placeOrders(ctx, ledger, [
      {
        a: 0,
        b: true,
        p: String(roundPrice(BTC, ask * 1.01, 'up')),
        s: size,
        r: false,
        t: { limit: { tif: 'Ioc' } },
      },
    ]);
    expect(status).toHaveProperty('filled');
    const liq = liquidationPrice(account, 'BTC', { BTC: markPriceAt(SEED, BTC, T0) })!;
    expect(liq).toBeGreaterThan(ask * 0.97);
    // The funding it settles every hour moves its liquidation price: the mark reaches the
    // liquidation price of the account as it stands a minute before.
    const liquidatedAt = (mark: number) => mark <= liquidationPrice(account, 'BTC', { BTC: mark })!;
    let hit = T0 + MINUTE;
    for (; !liquidatedAt(markPriceAt(SEED, BTC, hit)); hit += MINUTE) {
      expect(hit).toBeLessThan(T0 + 60 * 86_400_000);
      advance(ledger, SEED, hit);
    }
    expect(ledger.fundings.length).toBeGreaterThan(0);

    expect(account.positions.BTC).toBeDefined();
    advance(ledger, SEED, hit);
    expect(account.positions.BTC).toBeUndefined();
    const last = ledger.fills.at(-1);
    expect(last).toMatchObject({
      side: 'A',
      sz: String(Number(size)),
      liquidation: { method: 'market', liquidatedUser: account.address },
    });
    expect(last?.dir).toMatch(/^Liquidated/);
    expect(account.usdc).toBeGreaterThanOrEqual(0);
    expect(account.usdc).toBeLessThan(1_000 * 0.6);
  });

  it('a long gap is replayed in bounded steps', () => {
    const { ledger, account, ctx } = setUp(10_000);
    const bid = bookAt(SEED, BTC, T0).bids[0]!.px;
    placeOrders(ctx, ledger, [
      {
        a: 0,
        b: true,
        p: String(Math.round(bid * 0.5)),
        s: '0.001',
        r: false,
        t: { limit: { tif: 'Gtc' } },
      },
    ]);
    const started = performance.now();
    advance(ledger, SEED, T0 + 365 * 86_400_000);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(account.lastEvalMs).toBe(T0 + 365 * 86_400_000);
  });
});
