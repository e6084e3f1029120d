import { describe, expect, it } from 'vitest';
import { PERP_ASSETS } from '../market/assets.js';
import { bookAt } from '../market/book.js';
import type { OrderWire } from '../signing/canonical.js';
import { newAccount, newLedger, useIdBlock } from '../state.js';
import { T0 } from '../test/harness.js';
import { accountSummary, liquidationPrice } from './margin.js';
import { applyFill, MAKER_FEE_RATE, TAKER_FEE_RATE } from './matching.js';
import { placeOrders } from './orders.js';

const SEED = 3;
const BTC = PERP_ASSETS[0]!;
const SOL = PERP_ASSETS[2]!;

/** The account's first id: block 1 of a million ids. */
const FIRST_ID = 1_000_001;

function setUp(usdc = 10_000) {
  const account = newAccount('0x00000000000000000000000000000000000000aa', usdc, T0);
  useIdBlock(account, 1);
  const ledger = newLedger(account);
  return { ledger, account, ctx: { seed: SEED, nowMs: T0 } };
}

function btcOrder(
  b: boolean,
  p: number,
  s: string,
  tif: 'Gtc' | 'Ioc' | 'Alo',
  r = false,
): OrderWire {
  return { a: 0, b, p: String(p), s, r, t: { limit: { tif } } };
}

describe('fills and PnL', () => {
  it('adds average the entry; reduces realise PnL; a flip re-enters at the fill price', () => {
    const { ledger, account } = setUp(1_000);
    const fill = (side: 'B' | 'A', px: number, sz: number) =>
      applyFill(ledger, {
        asset: SOL,
        side,
        px,
        sz,
        timeMs: T0,
        oid: 1,
        cloid: null,
        crossed: false,
      });
    expect(fill('B', 100, 1).dir).toBe('Open Long');
    fill('B', 110, 1);
    expect(account.positions.SOL).toEqual({ szi: 2, entryPx: 105 });
    const close = fill('A', 115, 0.5);
    expect(close).toMatchObject({ dir: 'Close Long', closedPnl: '5', startPosition: '2' });
    const flip = fill('A', 95, 2);
    expect(flip).toMatchObject({ dir: 'Long > Short', closedPnl: '-15' });
    expect(account.positions.SOL).toEqual({ szi: -0.5, entryPx: 95 });
    const makerFees = (100 + 110 + 57.5 + 190) * MAKER_FEE_RATE;
    expect(account.usdc).toBeCloseTo(1_000 + 5 - 15 - makerFees, 9);
  });

  it('a taker pays 0.045% of notional, a maker 0.015%', () => {
    const { ledger, account } = setUp(1_000);
    const taker = applyFill(ledger, {
      asset: SOL,
      side: 'B',
      px: 200,
      sz: 1,
      timeMs: T0,
      oid: 1,
      cloid: null,
      crossed: true,
    });
    const maker = applyFill(ledger, {
      asset: SOL,
      side: 'A',
      px: 200,
      sz: 1,
      timeMs: T0,
      oid: 2,
      cloid: null,
      crossed: false,
    });
    expect(Number(taker.fee)).toBeCloseTo(200 * TAKER_FEE_RATE, 9);
    expect(Number(maker.fee)).toBeCloseTo(200 * MAKER_FEE_RATE, 9);
    expect(account.usdc).toBeCloseTo(1_000 - 0.09 - 0.03, 9);
  });
});

describe('matching against the synthetic book', () => {
  it('an Ioc at the best ask fills only the first level (partial fill)', () => {
    const { ctx, ledger, account } = setUp();
    const ask = bookAt(SEED, BTC, T0).asks[0]!;
    const size = (ask.sz + 0.01).toFixed(5);
    const [status] = placeOrders(ctx, ledger, [btcOrder(true, ask.px, size, 'Ioc')]);
    expect(status).toEqual({
      filled: { totalSz: String(ask.sz), avgPx: String(ask.px), oid: FIRST_ID },
    });
    expect(account.positions.BTC?.szi).toBe(ask.sz);
    expect(account.openOrders).toEqual([]);
    expect(ledger.finished[0]).toMatchObject({ status: 'filled', sz: 0 });
    expect(ledger.fills[0]?.tid).toBe(FIRST_ID + 1);
  });

  it('a Gtc through two levels fills them and rests the remainder', () => {
    const { ctx, ledger, account } = setUp(100_000);
    const [first, second] = bookAt(SEED, BTC, T0).asks;
    const size = (first!.sz + second!.sz + 0.05).toFixed(5);
    const [status] = placeOrders(ctx, ledger, [btcOrder(true, second!.px, size, 'Gtc')]);
    expect(status).toEqual({ resting: { oid: FIRST_ID } });
    expect(ledger.fills.map((f) => Number(f.px))).toEqual([first!.px, second!.px]);
    expect(account.openOrders[0]).toMatchObject({ status: 'open', sz: 0.05 });
  });

  it('resting orders hold margin, so a second order can be refused', () => {
    const { ctx, ledger, account } = setUp(1_000);
    const bid = bookAt(SEED, BTC, T0).bids[0]!.px;
    const px = Math.round(bid * 0.9);
    const size = ((1_000 * 20 * 0.6) / px).toFixed(5);
    expect(placeOrders(ctx, ledger, [btcOrder(true, px, size, 'Gtc')])[0]).toEqual({
      resting: { oid: FIRST_ID },
    });
    expect(placeOrders(ctx, ledger, [btcOrder(true, px, size, 'Gtc')])[0]).toEqual({
      error: 'Insufficient margin to place order. asset=0',
    });
    expect(accountSummary(account, { BTC: bid }).orderMargin).toBeCloseTo(
      (Number(size) * px) / 20,
      6,
    );
  });
});

describe('liquidation price', () => {
  it('is where account value meets maintenance for a lone long and short', () => {
    const { account } = setUp(1_000);
    account.positions.BTC = { szi: 0.2, entryPx: 100_000 };
    const long = liquidationPrice(account, 'BTC', { BTC: 100_000 })!;
    const summaryAt = (px: number) => accountSummary(account, { BTC: px });
    expect(summaryAt(long).accountValue).toBeCloseTo(summaryAt(long).maintenance, 6);
    account.positions.BTC = { szi: -0.2, entryPx: 100_000 };
    const short = liquidationPrice(account, 'BTC', { BTC: 100_000 })!;
    expect(short).toBeGreaterThan(100_000);
    expect(summaryAt(short).accountValue).toBeCloseTo(summaryAt(short).maintenance, 6);
  });
});
