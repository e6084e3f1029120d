import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { riskRewardRatio } from './levels.js';
import { SHORT_TARGET_FLOOR, targetFromRiskReward } from './target.js';

describe('targetFromRiskReward', () => {
  it.each([
    ['long at 2R', true, 90, 100, 2, 120],
    ['short at 2R', false, 110, 100, 2, 80],
    ['long at 1R from form strings', true, '95', '100', 1, 105],
    ['long keeps 4 decimals', true, 0.1234, 0.2, 3, 0.4298],
    ['the prices have 5 decimals: so does the target', true, 0.12345, 0.2, 3, 0.42965],
    ['a coin at 0.012345 keeps its 2R', true, 0.0122, 0.012345, 2, 0.012635],
    ['never more than 6 decimals', true, 0.000001, 0.0000015, 1, 0.000002],
    ['short at 5R would go below zero: floors at 0.0001', false, 150, 100, 5, SHORT_TARGET_FLOOR],
    ['short exactly at zero floors too', false, 120, 100, 5, SHORT_TARGET_FLOOR],
    ['long whose target rounds to zero falls back to the entry', true, 0, 0.0000001, 1, 0.0000001],
    ['stoploss missing', true, '', 100, 2, null],
    ['entry not a number', true, 90, 'x', 2, null],
    ['long with stop above entry', true, 110, 100, 2, null],
    ['short with stop below entry', false, 90, 100, 2, null],
  ])('%s', (_scenario, isLong, stopLoss, entry, riskReward, expected) => {
    expect(targetFromRiskReward({ isLong, stopLoss, entry, riskReward })).toBe(expected);
  });

  it('throws on a programmer error in the R/R', () => {
    expect(() =>
      targetFromRiskReward({ isLong: true, stopLoss: 90, entry: 100, riskReward: -1 }),
    ).toThrow(RangeError);
    expect(() =>
      targetFromRiskReward({ isLong: true, stopLoss: 90, entry: 100, riskReward: Number.NaN }),
    ).toThrow(RangeError);
  });

  const setup = fc.record({
    isLong: fc.boolean(),
    entry: fc.double({ min: 1, max: 1e5, noNaN: true }),
    riskPct: fc.double({ min: 0.001, max: 0.15, noNaN: true }),
    riskReward: fc.integer({ min: 1, max: 5 }),
  });

  it('lands on the tier R/R (within the 4-to-6-decimal rounding) on the right side of the entry', () => {
    fc.assert(
      fc.property(setup, ({ isLong, entry, riskPct, riskReward }) => {
        const risk = entry * riskPct;
        const stopLoss = isLong ? entry - risk : entry + risk;
        const target = targetFromRiskReward({ isLong, stopLoss, entry, riskReward });
        expect(target).not.toBeNull();
        const t = target as number;
        expect(Number(t.toFixed(6))).toBe(t);
        if (isLong) expect(t).toBeGreaterThan(entry);
        if (isLong || t !== SHORT_TARGET_FLOOR) {
          const ratio = riskRewardRatio({ isLong, stopLoss, entry, target: t }) as number;
          expect(Math.abs(ratio - riskReward)).toBeLessThanOrEqual(0.00005 / risk + 1e-9);
        }
        expect(t).toBeGreaterThan(0);
      }),
    );
  });
});
