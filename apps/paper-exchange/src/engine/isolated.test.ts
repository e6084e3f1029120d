import { describe, expect, it } from 'vitest';
import { PERP_ASSETS } from '../market/assets.js';
import { markPriceAt } from '../market/marks.js';
import { MarkPins } from '../market/pins.js';
import { newAccount, newLedger, useIdBlock } from '../state.js';
import { T0 } from '../test/harness.js';
import { settleFunding } from './funding.js';
import { crossCash, isolatedLiquidationPrice } from './isolated.js';
import { advance } from './lazy.js';
import { updateIsolatedMargin, updateLeverage } from './leverage.js';
import { accountSummary, liquidationPrice, positionMetrics } from './margin.js';
import { applyFill } from './matching.js';

/**
 * Isolated margin (engine/isolated.ts), with every number worked out by hand in the comments.
 * Fees: taker 0.045 %, maker 0.015 %. SOL: maxLeverage 20, so l = 1 / 40 = 0.025; BTC: 40,
 * l = 1 / 80 = 0.0125.
 */

const SOL = PERP_ASSETS[2]!;
const BTC = PERP_ASSETS[0]!;
const ETH = PERP_ASSETS[1]!;
const SEED = 11;
const MINUTE = 60_000;

function setUp(usdc = 1_000) {
  const account = newAccount('0x00000000000000000000000000000000000000cc', usdc, T0);
  useIdBlock(account, 1);
  return { account, ledger: newLedger(account) };
}

type Setup = ReturnType<typeof setUp>;

function leverage(account: Setup['account'], asset: number, lev: number, isCross = false) {
  const action = { type: 'updateLeverage', asset, isCross, leverage: lev } as const;
  return updateLeverage(account, action, {});
}

function margin(account: Setup['account'], ntli: number, marks: Record<string, number>) {
  const action = { type: 'updateIsolatedMargin', asset: 2, isBuy: true, ntli } as const;
  return updateIsolatedMargin(account, action, marks);
}

function fill({ ledger }: Setup, side: 'B' | 'A', px: number, sz: number, crossed = true) {
  const asset = SOL;
  return applyFill(ledger, { asset, side, px, sz, timeMs: T0, oid: 1, cloid: null, crossed });
}

/** A 5x isolated long of 2 SOL at 100, taken: the account of most tests below. */
function isolatedLong() {
  const setup = setUp();
  expect(leverage(setup.account, 2, 5)).toBeNull();
  fill(setup, 'B', 100, 2);
  return setup;
}

describe('isolated margin', () => {
  it('the margin mode is set per coin, and not switched while a position is open', () => {
    const { account } = setUp();
    expect(leverage(account, 2, 5)).toBeNull();
    expect(account.isolated).toEqual(['SOL']);
    expect(account.leverage.SOL).toBe(5);
    expect(leverage(account, 2, 3, true)).toBeNull();
    expect(account.isolated).toBeUndefined();

    const open = isolatedLong();
    expect(leverage(open.account, 2, 5, true)).toBe(
      'Cannot switch leverage type with open position.',
    );
    expect(open.account.isolated).toEqual(['SOL']);
  });

  it('opening moves notional / leverage out of the cross account and pays the fee from it', () => {
    const { account } = isolatedLong();
    // Notional 2 × 100 = 200; initial margin 200 / 5 = 40; taker fee 200 × 0.00045 = 0.09,
    // paid from the position's margin: 40 − 0.09 = 39.91 (as Hyperliquid: ccxt's recorded
    // ETH 20x position holds 500.12001 / 20 − 0.025 % = 24.88097).
    expect(account.positions.SOL).toEqual({ szi: 2, entryPx: 100, isolatedMargin: 39.91 });
    expect(account.usdc).toBeCloseTo(999.91, 9);
    // The cross account: 999.91 − 39.91 = 960 (1,000 less the 40 moved out).
    expect(crossCash(account)).toBeCloseTo(960, 9);
  });

  it('the clearinghouse separates the cross account from the isolated position', () => {
    const { account } = isolatedLong();
    // At a mark of 110: unrealised PnL 2 × 10 = 20, notional 220, equity 39.91 + 20 = 59.91.
    const metrics = positionMetrics(account, 'SOL', 110);
    expect(metrics.marginUsed).toBeCloseTo(59.91, 9);
    expect(metrics.unrealizedPnl).toBeCloseTo(20, 9);
    const summary = accountSummary(account, { SOL: 110 });
    // Whole account: 960 + 59.91 = 1,019.91; raw USD 1,019.91 − 2 × 110 = 799.91.
    expect(summary.accountValue).toBeCloseTo(1_019.91, 9);
    expect(summary.totalNtlPos).toBeCloseTo(220, 9);
    expect(summary.totalRawUsd).toBeCloseTo(799.91, 9);
    expect(summary.totalMarginUsed).toBeCloseTo(59.91, 9);
    // Cross account alone: its 960 of cash, no position, nothing used, all of it available.
    expect(summary.cross).toEqual({
      accountValue: expect.closeTo(960, 9),
      totalNtlPos: 0,
      totalRawUsd: expect.closeTo(960, 9),
      totalMarginUsed: 0,
    });
    expect(summary.maintenance).toBe(0);
    expect(summary.isolatedMargin).toBeCloseTo(39.91, 9);
    expect(summary.available).toBeCloseTo(960, 9);
  });

  it('its liquidation price comes from its own margin', () => {
    // Hyperliquid's own answer, recorded in ccxt's hyperliquid.js: ETH (max 50x, l = 0.01)
    // long 0.2259 at 2213.9 holding 24.88097 shows liquidationPx 2125.00856238:
    // (2213.9 − 24.88097 / 0.2259) / (1 − 0.01) = (2213.9 − 110.141522) / 0.99 = 2125.008563.
    const eth = { szi: 0.2259, entryPx: 2213.9, isolatedMargin: 24.88097 };
    expect(isolatedLiquidationPrice(eth, 0.01)).toBeCloseTo(2125.00856238, 6);

    const { account } = isolatedLong();
    // Long: (100 − 39.91 / 2) / (1 − 0.025) = 80.045 / 0.975 = 82.097436.
    expect(liquidationPrice(account, 'SOL', { SOL: 100 })).toBeCloseTo(82.0974358974, 9);
    // Whatever the cross account holds: it does not move.
    account.usdc += 5_000;
    expect(liquidationPrice(account, 'SOL', { SOL: 100 })).toBeCloseTo(82.0974358974, 9);

    // Short 2 at 100, 5x: margin 39.91; (100 + 39.91 / 2) / (1 + 0.025) = 119.955 / 1.025.
    const short = setUp();
    leverage(short.account, 2, 5);
    fill(short, 'A', 100, 2);
    expect(short.account.positions.SOL?.isolatedMargin).toBeCloseTo(39.91, 9);
    expect(liquidationPrice(short.account, 'SOL', {})).toBeCloseTo(117.0292682927, 9);
  });

  it('reproduces a clearinghouseState Hyperliquid answered for an isolated short', () => {
    // A public client's test fixture of a real answer: xyz:NVDA (max 20x, as SOL here), 2x
    // isolated, szi −56 at 217.057, rawUsd 18,485.872074, positionValue 12,100.48 (mark
    // 216.08), marginUsed 6,385.392074, liquidationPx 322.053520453; crossMarginSummary
    // accountValue 17,832.00223 (no cross position), marginSummary accountValue
    // 24,217.394304, totalRawUsd 36,317.874304, totalMarginUsed 6,385.392074.
    // Its margin: rawUsd + szi · entry = 18,485.872074 − 12,155.192 = 6,330.680074.
    const { account } = setUp(17_832.00223 + 6_330.680074);
    account.leverage.SOL = 2;
    account.positions.SOL = { szi: -56, entryPx: 217.057, isolatedMargin: 6_330.680074 };
    const marks = { SOL: 216.08 };
    // (217.057 + 6,330.680074 / 56) / (1 + 1/40) = 330.1048585 / 1.025 = 322.0535205.
    expect(liquidationPrice(account, 'SOL', marks)).toBeCloseTo(322.053520453, 6);
    // Equity: 6,330.680074 − 56 × (216.08 − 217.057) = 6,330.680074 + 54.712.
    expect(positionMetrics(account, 'SOL', 216.08).marginUsed).toBeCloseTo(6_385.392074, 6);
    const summary = accountSummary(account, marks);
    expect(summary.cross.accountValue).toBeCloseTo(17_832.00223, 6);
    expect(summary.cross.totalNtlPos).toBe(0);
    expect(summary.accountValue).toBeCloseTo(24_217.394304, 6);
    expect(summary.totalNtlPos).toBeCloseTo(12_100.48, 6);
    expect(summary.totalRawUsd).toBeCloseTo(36_317.874304, 6);
    expect(summary.totalMarginUsed).toBeCloseTo(6_385.392074, 6);
    expect(summary.available).toBeCloseTo(17_832.00223, 6);
  });

  it('updateIsolatedMargin adds from the cross account and removes down to the initial margin', () => {
    const { account } = isolatedLong();
    // +$20 (ntli 20,000,000): margin 59.91, cross 940; liq (100 − 59.91 / 2) / 0.975 = 71.841026.
    expect(margin(account, 20_000_000, { SOL: 100 })).toBeNull();
    expect(account.positions.SOL?.isolatedMargin).toBeCloseTo(59.91, 9);
    expect(crossCash(account)).toBeCloseTo(940, 9);
    expect(account.usdc).toBeCloseTo(999.91, 9);
    expect(liquidationPrice(account, 'SOL', {})).toBeCloseTo(71.841025641, 9);

    // At a mark of 110 it must keep max(220 / 5, 10 % × 220) = 44 of its equity 79.91:
    // 35.91 may leave, not 36.
    const marks = { SOL: 110 };
    expect(margin(account, -36_000_000, marks)).toBe(
      'Position does not have sufficient margin for reduction.',
    );
    expect(margin(account, -30_000_000, marks)).toBeNull();
    expect(account.positions.SOL?.isolatedMargin).toBeCloseTo(29.91, 9);
    expect(crossCash(account)).toBeCloseTo(970, 9);

    expect(margin(account, 2_000_000_000, marks)).toBe(
      'Account does not have sufficient margin available for increase.',
    );
    expect(margin(account, 0, marks)).toBe('Update to isolated margin cannot be zero.');
    const empty = setUp();
    expect(margin(empty.account, 1_000_000, marks)).toBe(
      'Cannot update margin for empty position.',
    );
    fill(empty, 'B', 100, 2);
    expect(margin(empty.account, 1_000_000, marks)).toBe('Position does not use isolated margin.');
  });

  it('a leverage change does not re-margin it; lowering needs the margin for it', () => {
    const { account } = isolatedLong();
    // Notional 200 at the mark 100: 4x needs 50 > 39.91; 10x is allowed and moves nothing.
    const lower = leverage(account, 2, 4);
    expect(lower).toMatch(/^Isolated position does not have sufficient margin available/);
    expect(leverage(account, 2, 10)).toBeNull();
    expect(account.positions.SOL?.isolatedMargin).toBeCloseTo(39.91, 9);
    // Back to 5x needs 40: the fee left 39.91, so it takes $1 more first.
    expect(
      updateLeverage(
        account,
        { type: 'updateLeverage', asset: 2, isCross: false, leverage: 5 },
        { SOL: 100 },
      ),
    ).toMatch(/^Isolated/);
    expect(margin(account, 1_000_000, { SOL: 100 })).toBeNull();
    expect(leverage(account, 2, 5)).toBeNull();
  });

  it('closing returns its margin and the realised PnL to the cross account, a share at a time', () => {
    const setup = isolatedLong();
    const { account } = setup;
    // Sell 1 at 110 as maker: PnL 10, fee 110 × 0.00015 = 0.0165; half the margin,
    // 39.91 / 2 = 19.955, goes back with the PnL; the fee is paid from the half that stays:
    // margin 19.955 − 0.0165 = 19.9385; cash 999.91 + 10 − 0.0165 = 1,009.8935;
    // cross 1,009.8935 − 19.9385 = 989.955 = 960 + 19.955 + 10.
    fill(setup, 'A', 110, 1, false);
    expect(account.positions.SOL).toEqual({
      szi: 1,
      entryPx: 100,
      isolatedMargin: expect.closeTo(19.9385, 9),
    });
    expect(account.usdc).toBeCloseTo(1_009.8935, 9);
    expect(crossCash(account)).toBeCloseTo(989.955, 9);
    // Sell the last 1 at 90 as taker: PnL −10, fee 90 × 0.00045 = 0.0405; back to the cross
    // account 19.9385 − 10 − 0.0405 = 9.898; cash 1,009.8935 − 10.0405 = 999.853.
    fill(setup, 'A', 90, 1);
    expect(account.positions.SOL).toBeUndefined();
    expect(account.usdc).toBeCloseTo(999.853, 9);
    expect(crossCash(account)).toBeCloseTo(999.853, 9);
    // Flat again, the coin stays isolated for the next position.
    expect(account.isolated).toEqual(['SOL']);
  });

  it('a flip opens the other side with its own initial margin', () => {
    const setup = isolatedLong();
    // Sell 3 at 100 as taker: fee 300 × 0.00045 = 0.135; the long's 39.91 goes back; the
    // short of 1 holds 100 / 5 − 0.135 = 19.865; cash 999.91 − 0.135 = 999.775;
    // cross 999.775 − 19.865 = 979.91 = 960 + 39.91 − 20.
    fill(setup, 'A', 100, 3);
    expect(setup.account.positions.SOL).toEqual({
      szi: -1,
      entryPx: 100,
      isolatedMargin: expect.closeTo(19.865, 9),
    });
    expect(crossCash(setup.account)).toBeCloseTo(979.91, 9);
  });

  it('it never loses more than its own margin', () => {
    const setup = isolatedLong();
    // Sold at 70, past the bankruptcy price 80.045: PnL −60, fee 140 × 0.00045 = 0.063;
    // 39.91 − 60 − 0.063 = −20.153 is not taken from the cross account, which keeps its 960.
    fill(setup, 'A', 70, 2);
    expect(setup.account.usdc).toBeCloseTo(960, 9);
  });

  it('funding is paid from its margin', () => {
    const { account, ledger } = isolatedLong();
    settleFunding(ledger, SEED, T0 + 3_600_000);
    const paid = ledger.fundings[0]!.usdc;
    expect(paid).not.toBe(0);
    expect(account.positions.SOL?.isolatedMargin).toBeCloseTo(39.91 + paid, 9);
    expect(crossCash(account)).toBeCloseTo(960, 9);
  });

  it('is liquidated alone when the mark crosses its liquidation price, losing its margin only', () => {
    const { account, ledger } = setUp(10_000);
    // BTC isolated 10x: long 0.01 at 100,000: margin 1,000 / 10 − 0.45 fee = 99.55;
    // liq (100,000 − 99.55 / 0.01) / (1 − 0.0125) = 90,045 / 0.9875 = 91,184.810127.
    expect(leverage(account, 0, 10)).toBeNull();
    const at = (asset: typeof BTC, side: 'B' | 'A', px: number, sz: number) =>
      applyFill(ledger, { asset, side, px, sz, timeMs: T0, oid: 1, cloid: null, crossed: true });
    at(BTC, 'B', 100_000, 0.01);
    // A cross ETH long at its mark, which the isolated liquidation leaves alone.
    const ethMark = markPriceAt(SEED, ETH, T0);
    at(ETH, 'B', ethMark, 0.1);
    expect(liquidationPrice(account, 'BTC', {})).toBeCloseTo(91_184.8101265823, 6);
    const crossBefore = crossCash(account);

    const pins = new MarkPins();
    pins.pin('BTC', 91_200, T0);
    advance(ledger, SEED, T0 + MINUTE, pins);
    expect(account.positions.BTC).toBeDefined();
    pins.pin('BTC', 91_000, T0 + MINUTE);
    advance(ledger, SEED, T0 + 2 * MINUTE, pins);
    expect(account.positions.BTC).toBeUndefined();
    expect(account.positions.ETH?.szi).toBe(0.1);
    // Closed at the mark 91,000: PnL 0.01 × −9,000 = −90, fee 910 × 0.00045 = 0.4095; the
    // cross account gets back 99.55 − 90 − 0.4095 = 9.1405.
    expect(crossCash(account) - crossBefore).toBeCloseTo(9.1405, 9);
    expect(ledger.fills.at(-1)).toMatchObject({
      coin: 'BTC',
      side: 'A',
      px: '91000',
      closedPnl: '-90',
      fee: '0.4095',
      liquidation: { liquidatedUser: account.address, markPx: '91000', method: 'market' },
    });
  });
});
