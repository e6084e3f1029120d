import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  excursionInterval,
  excursionsText,
  tradeExcursions,
  type ExcursionCandle,
  type ExcursionTrade,
} from './excursions.js';

const MIN = 60_000;
const OPEN = Date.UTC(2026, 10, 29, 10, 0, 30);
/** A long at 100, stop 90 (1R = 10), opened at 10:00:30 and closed at 10:05:30 at 110. */
const long: ExcursionTrade = {
  isLong: true,
  entryPrice: 100,
  stopLoss: 90,
  exitPrice: 110,
  openedAtMs: OPEN,
  closedAtMs: OPEN + 5 * MIN,
};
const short: ExcursionTrade = { ...long, isLong: false, stopLoss: 110, exitPrice: 95 };
/** A 1m candle starting `minute` minutes after 10:00:00. */
const candle = (minute: number, high: number, low: number): ExcursionCandle => [
  Date.UTC(2026, 10, 29, 10, minute),
  (high + low) / 2,
  high,
  low,
  (high + low) / 2,
  1,
];

describe('tradeExcursions', () => {
  const candles = [
    candle(0, 200, 10), // 10:00-10:01: partly before the entry, left out
    candle(1, 104, 97), // wholly within
    candle(2, 118, 99),
    candle(3, 105, 95.5),
    candle(4, 112, 100),
    candle(5, 300, 50), // 10:05-10:06: partly after the exit, left out
  ];

  it('long: MFE from the highest high, MAE from the lowest low, in R of |entry − stop|', () => {
    expect(tradeExcursions(long, candles, MIN)).toEqual({ mfeR: 1.8, maeR: -0.45 });
  });

  it('short: MFE from the lowest low, MAE from the highest high', () => {
    // The exit at 95 is below every whole candle's low (95.5).
    expect(tradeExcursions(short, candles, MIN)).toEqual({ mfeR: 0.5, maeR: -1.8 });
  });

  it('without whole candles, the entry and exit are all that is known', () => {
    expect(tradeExcursions(long, [candle(0, 200, 10)], MIN)).toEqual({ mfeR: 1, maeR: 0 });
    expect(tradeExcursions({ ...long, exitPrice: 96 }, [], MIN)).toEqual({
      mfeR: 0,
      maeR: -0.4,
    });
    expect(tradeExcursions({ ...long, exitPrice: null }, [], MIN)).toEqual({ mfeR: 0, maeR: 0 });
  });

  it('rounds to 2 decimals', () => {
    const trade = { ...long, stopLoss: 97, exitPrice: null };
    expect(tradeExcursions(trade, [candle(2, 101, 99.9)], MIN)).toEqual({
      mfeR: 0.33,
      maeR: -0.03,
    });
  });

  it('is null for a trade without risk', () => {
    expect(tradeExcursions({ ...long, stopLoss: 100 }, candles, MIN)).toBeNull();
  });

  const side = fc.boolean();
  const arbCandles = fc.array(
    fc.tuple(
      fc.integer({ min: -3, max: 10 }),
      fc.double({ min: 1, max: 1000, noNaN: true }),
      fc.double({ min: 1, max: 1000, noNaN: true }),
    ),
    { maxLength: 20 },
  );

  it('MFE ≥ 0 ≥ MAE, and the exit lies between them (rMultiple within the range)', () => {
    fc.assert(
      fc.property(
        side,
        fc.double({ min: 1, max: 1000, noNaN: true }),
        arbCandles,
        (isLong, exit, raw) => {
          const trade = { ...long, isLong, stopLoss: isLong ? 90 : 110, exitPrice: exit };
          const list = raw.map(([m, a, b]) => candle(m, Math.max(a, b), Math.min(a, b)));
          const result = tradeExcursions(trade, list, MIN)!;
          const r = isLong ? (exit - 100) / 10 : (100 - exit) / 10;
          expect(result.mfeR).toBeGreaterThanOrEqual(0);
          expect(result.maeR).toBeLessThanOrEqual(0);
          expect(result.mfeR).toBeGreaterThanOrEqual(Math.round(r * 100) / 100 - 0.005);
          expect(result.maeR).toBeLessThanOrEqual(Math.round(r * 100) / 100 + 0.005);
        },
      ),
    );
  });

  it('a long and its mirrored short have swapped excursions', () => {
    fc.assert(
      fc.property(arbCandles, (raw) => {
        // Mirror prices around the entry 100: p -> 200 - p (positive while p < 200).
        const list = raw.map(([m, a, b]) => candle(m, Math.max(a, b) % 199, Math.min(a, b) % 199));
        const mirrored = list.map(([t, o, h, l, c, v]): ExcursionCandle => [
          t,
          200 - o,
          200 - l,
          200 - h,
          200 - c,
          v,
        ]);
        const a = tradeExcursions({ ...long, exitPrice: null }, list, MIN)!;
        const b = tradeExcursions({ ...short, exitPrice: null }, mirrored, MIN)!;
        expect(b.mfeR).toBeCloseTo(a.mfeR, 2);
        expect(b.maeR).toBeCloseTo(a.maeR, 2);
      }),
    );
  });

  it('more candles never shrink an excursion', () => {
    fc.assert(
      fc.property(side, arbCandles, arbCandles, (isLong, first, more) => {
        const trade = { ...long, isLong, stopLoss: isLong ? 90 : 110 };
        const toCandles = (raw: typeof first) =>
          raw.map(([m, a, b]) => candle(m, Math.max(a, b), Math.min(a, b)));
        const some = tradeExcursions(trade, toCandles(first), MIN)!;
        const all = tradeExcursions(trade, toCandles([...first, ...more]), MIN)!;
        expect(all.mfeR).toBeGreaterThanOrEqual(some.mfeR);
        expect(all.maeR).toBeLessThanOrEqual(some.maeR);
      }),
    );
  });
});

describe('excursionInterval', () => {
  const now = Date.UTC(2026, 10, 29);
  it('takes 1m candles while they reach back to the opening, then coarser ones', () => {
    expect(excursionInterval(now - 2 * 60 * MIN, now)?.interval).toBe('1m');
    expect(excursionInterval(now - 4_990 * MIN, now)?.interval).toBe('1m');
    expect(excursionInterval(now - 4 * 24 * 60 * MIN, now)?.interval).toBe('5m');
    expect(excursionInterval(now - 30 * 24 * 60 * MIN, now)?.interval).toBe('15m');
    expect(excursionInterval(now - 100 * 24 * 60 * MIN, now)?.interval).toBe('1h');
    expect(excursionInterval(now - 20 * 365 * 24 * 60 * MIN, now)).toBeNull();
  });

  it('always fits the candles from the opening to now in one request', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * 365 * 24 * 60 * MIN }), (age) => {
        const chosen = excursionInterval(now - age, now);
        if (chosen) expect(Math.ceil(age / chosen.ms) + 1).toBeLessThanOrEqual(4_998);
      }),
    );
  });
});

describe('excursionsText', () => {
  it('signs both figures, with at most 2 decimals', () => {
    expect(excursionsText({ mfeR: 1.8, maeR: -0.4 })).toBe('MFE +1.8R · MAE −0.4R');
    expect(excursionsText({ mfeR: 0, maeR: -1.25 })).toBe('MFE 0R · MAE −1.25R');
    expect(excursionsText({ mfeR: 3, maeR: 0 })).toBe('MFE +3R · MAE 0R');
  });
});
