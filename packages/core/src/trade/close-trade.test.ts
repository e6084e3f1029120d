import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { positionRisk } from './open-trade.js';
import { closeTrade, pnlUsdAt, rMultipleAt, type ClosableTrade } from './close-trade.js';

/** $1,000 of each: long 61,000 → 64,000 with the stop at 60,000; short 3,000 → 2,700 / 3,100. */
const long: ClosableTrade = {
  isLong: true,
  entryPrice: 61000,
  stopLoss: 60000,
  takeProfit: 64000,
  quantity: 1000 / 61000,
  status: 'OPEN',
};
const short: ClosableTrade = {
  isLong: false,
  entryPrice: 3000,
  stopLoss: 3100,
  takeProfit: 2700,
  quantity: 1000 / 3000,
  status: 'OPEN',
};

describe('closeTrade', () => {
  it.each([
    ['long at target: +3R, +$49.18', long, 'TARGET_HIT', 64000, 3000, 3, 49.180328],
    ['long at stop: -1R, -$16.39', long, 'STOPLOSS_HIT', 60000, -1000, -1, -16.393443],
    ['short at target: +3R, +$100', short, 'TARGET_HIT', 2700, 300, 3, 100],
    ['short at stop: -1R, -$33.33', short, 'STOPLOSS_HIT', 3100, -100, -1, -33.333333],
  ] as const)('%s', (_scenario, trade, status, exit, perUnit, r, pnl) => {
    expect(closeTrade(trade, status)).toEqual({
      ok: true,
      value: { status, exitPrice: exit, profitLoss: perUnit, rMultiple: r, pnlUsd: pnl },
    });
  });

  it('refuses a closed trade', () => {
    expect(closeTrade({ ...long, status: 'TARGET_HIT' }, 'STOPLOSS_HIT')).toMatchObject({
      ok: false,
      code: 'CONFLICT',
    });
  });

  it('takes fees off the USD P/L when fills are known', () => {
    expect(pnlUsdAt(short, 2700, 0.5)).toBe(99.5);
    expect(rMultipleAt(short, 3050)).toBe(-0.5);
  });

  const ordered = fc
    .record({
      isLong: fc.boolean(),
      entry: fc.double({ min: 0.001, max: 1e6, noNaN: true }),
      riskPct: fc.double({ min: 0.001, max: 0.5, noNaN: true }),
      rr: fc.double({ min: 0.1, max: 10, noNaN: true }),
      sizeUsd: fc.integer({ min: 1, max: 1_000_000 }),
    })
    .map(({ isLong, entry, riskPct, rr, sizeUsd }) => {
      const gap = entry * riskPct;
      const stopLoss = isLong ? entry - gap : entry + gap;
      const takeProfit = isLong ? entry + gap * rr : entry - gap * rr;
      return { isLong, entryPrice: entry, stopLoss, takeProfit, sizeUsd };
    })
    .filter((t) => t.takeProfit > 0 && t.stopLoss > 0);

  it('a stoploss close is -1R and loses the risk in USD; USD P/L = R × risk USD', () => {
    fc.assert(
      fc.property(ordered, fc.boolean(), (t, atTarget) => {
        const { quantity, riskUsd } = positionRisk(t.sizeUsd, t.entryPrice, t.stopLoss);
        const trade = { ...t, quantity, status: 'OPEN' as const };
        const closed = closeTrade(trade, atTarget ? 'TARGET_HIT' : 'STOPLOSS_HIT');
        if (!closed.ok) throw new Error(closed.message);
        const { rMultiple, pnlUsd } = closed.value;
        if (!atTarget) {
          expect(rMultiple).toBe(-1);
          expect(pnlUsd).toBeCloseTo(-riskUsd, 5);
        }
        expect(Math.abs(pnlUsd - rMultiple * riskUsd)).toBeLessThanOrEqual(
          // R is kept to 4 decimals and dollars to 6: each rounding moves the product a little.
          Math.abs(riskUsd) * 5e-5 + (Math.abs(rMultiple) + 1) * 1e-6,
        );
      }),
      { numRuns: 1000 },
    );
  });
});
