import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Candle } from '../schemas/exchange-responses.js';
import { day, dailyCloses, times } from './candles.test-data.js';
import { DAY_MS, isSoundCandle } from './indicators.js';
import {
  btcNotAgainst,
  dailyTrendAgrees,
  fundingNotExtreme,
  priceNotExtended,
  volumeAboveAverage,
} from './rules.js';

// 19 closes at 100 then 120: average (19 × 100 + 120) / 20 = 2020 / 20 = 101;
// distance (120 / 101 − 1) × 100 = 18.81188…%.
const rising = dailyCloses([...times(19, 100), 120]);
// 19 closes at 100 then 80: average 1980 / 20 = 99; distance (80 / 99 − 1) × 100 = −19.19191…%.
const falling = dailyCloses([...times(19, 100), 80]);
// 9 × 90 + 10 × 109 = 810 + 1090 = 1900, then 100: average 2000 / 20 = 100 = the last close.
const atAverage = dailyCloses([...times(9, 90), ...times(10, 109), 100]);

const badCandles: [string, Candle[]][] = [
  ['a NaN close', [...rising.slice(0, 19), day(19, Number.NaN)]],
  ['an infinite high', [...rising.slice(0, 19), day(19, 120, { high: Infinity })]],
  ['a negative price', [day(0, -5), ...rising.slice(1)]],
  ['a NaN time', [...rising.slice(0, 19), [Number.NaN, 1, 1, 1, 120, 1]]],
  ['a short candle', [...rising.slice(0, 19), [19 * DAY_MS, 1, 1, 1] as unknown as Candle]],
];

describe('dailyTrendAgrees', () => {
  it('a close above its 20-day average agrees with a long, not a short', () => {
    const expected = {
      value: 18.8119,
      detail: 'Close 120 vs 20-day average 101 (+18.8%)',
    };
    expect(dailyTrendAgrees(rising, 'long')).toEqual({ ticked: true, ...expected });
    expect(dailyTrendAgrees(rising, 'short')).toEqual({ ticked: false, ...expected });
  });

  it('a close below its 20-day average agrees with a short, not a long', () => {
    const expected = { value: -19.1919, detail: 'Close 80 vs 20-day average 99 (-19.2%)' };
    expect(dailyTrendAgrees(falling, 'short')).toEqual({ ticked: true, ...expected });
    expect(dailyTrendAgrees(falling, 'long')).toEqual({ ticked: false, ...expected });
  });

  it('a close exactly at the average agrees with neither side', () => {
    const expected = { ticked: false, value: 0, detail: 'Close 100 vs 20-day average 100 (0.0%)' };
    expect(dailyTrendAgrees(atAverage, 'long')).toEqual(expected);
    expect(dailyTrendAgrees(atAverage, 'short')).toEqual(expected);
  });

  it('reads only the last 20 closes, in time order whatever the input order', () => {
    const longer = [
      ...dailyCloses(times(5, 1000)),
      ...rising.map((c) => day(c[0] / DAY_MS + 5, c[4])),
    ];
    expect(dailyTrendAgrees(longer, 'long').value).toBe(18.8119);
    expect(dailyTrendAgrees([...rising].reverse(), 'long').value).toBe(18.8119);
  });

  it('leaves out the daily candle still open at nowMs', () => {
    // 20 closed days at 100 and day 20 open at 200.
    const candles = [...dailyCloses(times(20, 100)), day(20, 200)];
    // Without nowMs: (19 × 100 + 200) / 20 = 105, close 200 is above.
    expect(dailyTrendAgrees(candles, 'long').ticked).toBe(true);
    // At 1 s into day 20: day 20 is open, so close 100 vs average 100.
    expect(dailyTrendAgrees(candles, 'long', { nowMs: 20 * DAY_MS + 1000 })).toEqual({
      ticked: false,
      value: 0,
      detail: 'Close 100 vs 20-day average 100 (0.0%)',
    });
  });

  it('does not tick without 20 daily candles', () => {
    expect(dailyTrendAgrees(rising.slice(1), 'long')).toEqual({
      ticked: false,
      value: null,
      detail: 'Not enough data: needs 20 daily candles, got 19.',
    });
    expect(dailyTrendAgrees([], 'short')).toEqual({
      ticked: false,
      value: null,
      detail: 'Not enough data: needs 20 daily candles, got 0.',
    });
  });

  it.each(badCandles)('does not tick on %s', (_case, candles) => {
    expect(dailyTrendAgrees(candles, 'long')).toEqual({
      ticked: false,
      value: null,
      detail: 'Not enough data: a daily candle has a missing or invalid value.',
    });
  });
});

describe('btcNotAgainst', () => {
  it('BTC above its average is not against a long, is against a short', () => {
    const expected = { value: 18.8119, detail: 'BTC close 120 vs 20-day average 101 (+18.8%)' };
    expect(btcNotAgainst(rising, 'long')).toEqual({ ticked: true, ...expected });
    expect(btcNotAgainst(rising, 'short')).toEqual({ ticked: false, ...expected });
  });

  it('BTC below its average is not against a short, is against a long', () => {
    expect(btcNotAgainst(falling, 'short').ticked).toBe(true);
    expect(btcNotAgainst(falling, 'long').ticked).toBe(false);
  });

  it('BTC exactly at its average is flat: against neither side', () => {
    expect(btcNotAgainst(atAverage, 'long')).toEqual({
      ticked: true,
      value: 0,
      detail: 'BTC close 100 vs 20-day average 100 (0.0%)',
    });
    expect(btcNotAgainst(atAverage, 'short').ticked).toBe(true);
  });

  it('does not tick without data or on bad data', () => {
    expect(btcNotAgainst([], 'long')).toEqual({
      ticked: false,
      value: null,
      detail: 'Not enough data: needs 20 daily candles, got 0.',
    });
    for (const [, candles] of badCandles)
      expect(btcNotAgainst(candles, 'short').ticked).toBe(false);
  });
});

describe('fundingNotExtreme', () => {
  it('normal funding (interest only, 0.00125%/h) is calm for both sides', () => {
    expect(fundingNotExtreme(0.0000125, 'long')).toEqual({
      ticked: true,
      value: 0.00125,
      detail: 'Funding +0.00125% per hour (extreme for a long at +0.01% or more)',
    });
    expect(fundingNotExtreme(0.0000125, 'short')).toEqual({
      ticked: true,
      value: 0.00125,
      detail: 'Funding +0.00125% per hour (extreme for a short at -0.01% or less)',
    });
  });

  it('exactly +0.01%/h is extreme for a long; just under is not', () => {
    expect(fundingNotExtreme(0.0001, 'long')).toMatchObject({ ticked: false, value: 0.01 });
    expect(fundingNotExtreme(0.00009999, 'long')).toMatchObject({ ticked: true, value: 0.009999 });
  });

  it('exactly −0.01%/h is extreme for a short; just above is not', () => {
    expect(fundingNotExtreme(-0.0001, 'short')).toEqual({
      ticked: false,
      value: -0.01,
      detail: 'Funding -0.01% per hour (extreme for a short at -0.01% or less)',
    });
    expect(fundingNotExtreme(-0.00009999, 'short').ticked).toBe(true);
  });

  it('funding that pays the trade never fails it, however large', () => {
    // −0.05%/h (the paper exchange's cap): shorts pay longs.
    expect(fundingNotExtreme(-0.0005, 'long')).toMatchObject({ ticked: true, value: -0.05 });
    expect(fundingNotExtreme(-0.0005, 'short')).toMatchObject({ ticked: false, value: -0.05 });
    expect(fundingNotExtreme(0.0005, 'short')).toMatchObject({ ticked: true, value: 0.05 });
    expect(fundingNotExtreme(0.0005, 'long')).toMatchObject({ ticked: false, value: 0.05 });
  });

  it('zero funding is calm', () => {
    expect(fundingNotExtreme(0, 'long')).toEqual({
      ticked: true,
      value: 0,
      detail: 'Funding 0% per hour (extreme for a long at +0.01% or more)',
    });
  });

  it.each([Number.NaN, Infinity, -Infinity, null, undefined])('does not tick on %s', (rate) => {
    for (const side of ['long', 'short'] as const) {
      expect(fundingNotExtreme(rate, side)).toEqual({
        ticked: false,
        value: null,
        detail: 'Not enough data: no funding rate for this market.',
      });
    }
  });
});

const HOUR_MS = 3_600_000;
/** Hourly candles with these volumes, hours 0, 1, 2, ... (price 100). */
function hourly(volumes: readonly number[]): Candle[] {
  return volumes.map((volume, i) => [i * HOUR_MS, 100, 100, 100, 100, volume]);
}

describe('volumeAboveAverage', () => {
  const hour = { intervalMs: HOUR_MS };

  it('a last volume above the 20 before it ticks', () => {
    // 20 × 10 → average 10; last 15 → 15 / 10 = 1.5×.
    expect(volumeAboveAverage(hourly([...times(20, 10), 15]), hour)).toEqual({
      ticked: true,
      value: 1.5,
      detail: 'Volume 15.0 vs 20-candle average 10.0 (1.50×)',
    });
    // 10 × 8 + 10 × 12 = 200 → average 10; last 12 → 1.2×.
    expect(volumeAboveAverage(hourly([...times(10, 8), ...times(10, 12), 12]), hour)).toMatchObject(
      { ticked: true, value: 1.2 },
    );
  });

  it('a last volume equal to the average does not tick; below does not either', () => {
    expect(volumeAboveAverage(hourly([...times(20, 10), 10]), hour)).toEqual({
      ticked: false,
      value: 1,
      detail: 'Volume 10.0 vs 20-candle average 10.0 (1.00×)',
    });
    expect(volumeAboveAverage(hourly([...times(20, 10), 5]), hour)).toMatchObject({
      ticked: false,
      value: 0.5,
    });
  });

  it('reads only the last 21 candles', () => {
    // The first candle (volume 1000) is outside the window: average 10, last 15.
    expect(volumeAboveAverage(hourly([1000, ...times(20, 10), 15]), hour).value).toBe(1.5);
  });

  it('leaves out the candle still open at nowMs', () => {
    const candles = hourly([...times(20, 10), 15, 1]);
    // Hour 21 (volume 1) opened at 21 h and is still open half an hour in.
    expect(volumeAboveAverage(candles, { ...hour, nowMs: 21.5 * HOUR_MS }).value).toBe(1.5);
    // Taken as closed: (19 × 10 + 15) / 20 = 10.25; 1 / 10.25 = 0.09756…
    expect(volumeAboveAverage(candles, hour)).toMatchObject({ ticked: false, value: 0.0976 });
  });

  it('does not tick without 21 candles, a timeframe or any earlier volume', () => {
    expect(volumeAboveAverage(hourly(times(20, 10)), hour)).toEqual({
      ticked: false,
      value: null,
      detail: 'Not enough data: needs 21 candles, got 20.',
    });
    expect(volumeAboveAverage([], hour).detail).toBe('Not enough data: needs 21 candles, got 0.');
    for (const intervalMs of [0, -1, Number.NaN, Infinity]) {
      expect(volumeAboveAverage(hourly([...times(20, 10), 15]), { intervalMs })).toEqual({
        ticked: false,
        value: null,
        detail: 'Not enough data: no timeframe for the candles.',
      });
    }
    expect(volumeAboveAverage(hourly([...times(20, 0), 5]), hour)).toEqual({
      ticked: false,
      value: null,
      detail: 'Not enough data: no volume in the 20 candles before the last.',
    });
  });

  it.each([Number.NaN, Infinity, -1])('does not tick on a volume of %s', (volume) => {
    expect(volumeAboveAverage(hourly([...times(20, 10), volume]), hour)).toEqual({
      ticked: false,
      value: null,
      detail: 'Not enough data: a candle has a missing or invalid value.',
    });
  });
});

/** 19 days at `base` with a range `range` around it, then `last` (days 0..19). */
function withLast(base: number, range: number, last: Candle): Candle[] {
  const before = Array.from({ length: 19 }, (_, i) =>
    day(i, base, { high: base + range / 2, low: base - range / 2 }),
  );
  return [...before, last];
}

describe('priceNotExtended', () => {
  it('a close 1.7 ATRs above its average is not extended', () => {
    // Days 0..18: close 100, high 101, low 99 → true range 2 (|101 − 100| and |99 − 100| are 1).
    // Day 19: close 104, high 105, low 100 → TR max(5, |105 − 100|, |100 − 100|) = 5.
    // ATR(14) over days 6..19 = (13 × 2 + 5) / 14 = 31 / 14 = 2.2142857.
    // Average (19 × 100 + 104) / 20 = 100.2; distance 3.8; 3.8 / (31 / 14) = 53.2 / 31 = 1.716129…
    const candles = withLast(100, 2, day(19, 104, { high: 105, low: 100 }));
    const expected = {
      ticked: true,
      value: 1.7161,
      detail: 'Close 104 is 1.7 ATR above its 20-day average 100.2 (ATR 2.2143)',
    };
    expect(priceNotExtended(candles)).toEqual(expected);
  });

  it('a close 3.6 ATRs from its average is extended, above or below', () => {
    // Up: day 19 close 110, high 111, low 100 → TR max(11, 11, 0) = 11; ATR (26 + 11) / 14 = 37 / 14.
    // Average 2010 / 20 = 100.5; distance 9.5; 9.5 × 14 / 37 = 133 / 37 = 3.594594…
    expect(priceNotExtended(withLast(100, 2, day(19, 110, { high: 111, low: 100 })))).toEqual({
      ticked: false,
      value: 3.5946,
      detail: 'Close 110 is 3.6 ATR above its 20-day average 100.5 (ATR 2.6429)',
    });
    // Down: day 19 close 90, high 100, low 89 → TR 11; average 1990 / 20 = 99.5; distance −9.5.
    expect(priceNotExtended(withLast(100, 2, day(19, 90, { high: 100, low: 89 })))).toEqual({
      ticked: false,
      value: -3.5946,
      detail: 'Close 90 is 3.6 ATR below its 20-day average 99.5 (ATR 2.6429)',
    });
  });

  it('exactly 2 ATRs is extended', () => {
    // Days 0..18: close 1000, high 1056.5, low 943.5 → TR 113.
    // Day 19: close 1260, high 1260, low 1000 → TR max(260, 260, 0) = 260.
    // ATR (13 × 113 + 260) / 14 = 1729 / 14 = 123.5; average (19 000 + 1260) / 20 = 1013;
    // distance 247 = 2 × 123.5.
    const candles = withLast(1000, 113, day(19, 1260, { high: 1260, low: 1000 }));
    expect(priceNotExtended(candles)).toEqual({
      ticked: false,
      value: 2,
      detail: 'Close 1,260 is 2.0 ATR above its 20-day average 1,013 (ATR 123.5)',
    });
  });

  it('does not tick without 20 days, on a flat market or on bad data', () => {
    expect(priceNotExtended(rising.slice(1))).toEqual({
      ticked: false,
      value: null,
      detail: 'Not enough data: needs 20 daily candles, got 19.',
    });
    // High = low = close every day: every true range is 0.
    expect(priceNotExtended(dailyCloses(times(20, 100)))).toEqual({
      ticked: false,
      value: null,
      detail: 'Not enough data: the daily candles have no range (ATR 0).',
    });
    for (const [, candles] of badCandles) expect(priceNotExtended(candles).ticked).toBe(false);
  });
});

describe('every rule on arbitrary numbers', () => {
  const anyCandle = fc.tuple(
    fc.double(),
    fc.double(),
    fc.double(),
    fc.double(),
    fc.double(),
    fc.double(),
  );

  it('never throws, and never ticks when a candle is unsound', () => {
    fc.assert(
      fc.property(fc.array(anyCandle, { maxLength: 30 }), fc.double(), (candles, rate) => {
        const results = [
          dailyTrendAgrees(candles, 'long'),
          dailyTrendAgrees(candles, 'short'),
          btcNotAgainst(candles, 'long'),
          priceNotExtended(candles),
          volumeAboveAverage(candles, { intervalMs: DAY_MS }),
          fundingNotExtreme(rate, 'short'),
        ];
        const sound = candles.every((candle) => isSoundCandle(candle));
        for (const result of results.slice(0, 5)) {
          expect(typeof result.detail).toBe('string');
          if (!sound) expect(result).toMatchObject({ ticked: false, value: null });
          if (result.value !== null) expect(Number.isFinite(result.value)).toBe(true);
        }
      }),
    );
  });
});
