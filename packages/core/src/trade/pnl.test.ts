import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { profitLossOnClose } from './pnl.js';

const long = { isLong: true, entryPrice: 100, stopLoss: 90, takeProfit: 120 };
const short = { isLong: false, entryPrice: 100, stopLoss: 110, takeProfit: 80 };

describe('profitLossOnClose', () => {
  it.each([
    ['long, target hit at +2R', long, 'TARGET_HIT', 20],
    ['long, stopped out at -1R', long, 'STOPLOSS_HIT', -10],
    ['short, target hit at +2R', short, 'TARGET_HIT', 20],
    ['short, stopped out at -1R', short, 'STOPLOSS_HIT', -10],
    ['binary noise is removed', { ...long, takeProfit: 110.1 }, 'TARGET_HIT', 10.1],
  ] as const)('%s', (_scenario, trade, status, expected) => {
    expect(profitLossOnClose(trade, status)).toBe(expected);
  });

  const ordered = fc
    .record({
      isLong: fc.boolean(),
      entryPrice: fc.double({ min: 1, max: 1e5, noNaN: true }),
      risk: fc.double({ min: 0.01, max: 0.5, noNaN: true }),
      reward: fc.double({ min: 0.01, max: 2, noNaN: true }),
    })
    .map(({ isLong, entryPrice, risk, reward }) => ({
      isLong,
      entryPrice,
      stopLoss: isLong ? entryPrice * (1 - risk) : entryPrice * (1 + risk),
      takeProfit: isLong ? entryPrice * (1 + reward) : entryPrice * (1 - reward / 2),
    }));

  it('an ordered trade wins on target and loses on stoploss; long and short mirror', () => {
    fc.assert(
      fc.property(ordered, (trade) => {
        const win = profitLossOnClose(trade, 'TARGET_HIT');
        const loss = profitLossOnClose(trade, 'STOPLOSS_HIT');
        expect(win).toBeGreaterThan(0);
        expect(loss).toBeLessThan(0);
        expect(Math.abs(win)).toBeCloseTo(Math.abs(trade.takeProfit - trade.entryPrice), 6);
        const flipped = profitLossOnClose({ ...trade, isLong: !trade.isLong }, 'TARGET_HIT');
        expect(flipped).toBeCloseTo(-win, 7);
      }),
    );
  });
});
