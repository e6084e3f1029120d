import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tradeSizing } from './sizing.js';

describe('tradeSizing', () => {
  it.each([
    [
      'defaults at a normal streak',
      { streak: 0 },
      { accountSizeUsd: 10000, baseTradeSizeUsd: 1000, percentage: 10, tradeSizeUsd: 1000 },
    ],
    [
      'defaults while COOKING',
      { streak: 3 },
      { accountSizeUsd: 10000, baseTradeSizeUsd: 1000, percentage: 16, tradeSizeUsd: 1600 },
    ],
    [
      'defaults after touching grass',
      { streak: -3 },
      { accountSizeUsd: 10000, baseTradeSizeUsd: 1000, percentage: 4, tradeSizeUsd: 400 },
    ],
    [
      'own settings scale by the streak',
      { streak: 1, accountSizeUsd: 20000, baseTradeSizeUsd: 500 },
      { accountSizeUsd: 20000, baseTradeSizeUsd: 500, percentage: 12, tradeSizeUsd: 600 },
    ],
    [
      'exchange balance replaces the account',
      { streak: 2, exchangeBalanceUsd: 2345.67, accountSizeUsd: 1 },
      { accountSizeUsd: 2345.67, baseTradeSizeUsd: 235, percentage: 14, tradeSizeUsd: 328 },
    ],
    [
      'an empty exchange balance suggests 0',
      { streak: 0, exchangeBalanceUsd: 0 },
      { accountSizeUsd: 0, baseTradeSizeUsd: 0, percentage: 10, tradeSizeUsd: 0 },
    ],
    [
      'an unreadable balance is ignored',
      { streak: 0, exchangeBalanceUsd: Number.NaN },
      { accountSizeUsd: 10000, baseTradeSizeUsd: 1000, percentage: 10, tradeSizeUsd: 1000 },
    ],
  ])('%s', (_scenario, input, expected) => {
    expect(tradeSizing(input)).toEqual(expected);
  });

  it('with a balance, size = round(balance × (10 + 2 × streak) / 100), growing with the streak', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.integer({ min: -3, max: 2 }),
        (balance, streak) => {
          const now = tradeSizing({ streak, exchangeBalanceUsd: balance });
          const next = tradeSizing({ streak: streak + 1, exchangeBalanceUsd: balance });
          expect(now.tradeSizeUsd).toBe(Math.round((balance * (10 + 2 * streak)) / 100));
          expect(Number.isInteger(now.tradeSizeUsd)).toBe(true);
          expect(next.tradeSizeUsd).toBeGreaterThanOrEqual(now.tradeSizeUsd);
          expect(now.tradeSizeUsd).toBeLessThanOrEqual(balance * 0.16 + 0.5);
        },
      ),
    );
  });
});
