import { describe, expect, it } from 'vitest';
import { formatDecimal } from '../util/decimal.js';
import { isValidPrice, PERP_ASSETS, tickSize } from './assets.js';
import { bookAt } from './book.js';
import { candlesBetween } from './candles.js';
import { midPriceAt } from './price-path.js';

const T0 = 1_736_121_600_000;
const HOUR = 3_600_000;

describe('seeded price path', () => {
  it('is a pure function of (seed, coin, time)', () => {
    const btc = PERP_ASSETS[0]!;
    expect(midPriceAt(1, btc, T0)).toBe(midPriceAt(1, btc, T0));
    expect(midPriceAt(1, btc, T0)).not.toBe(midPriceAt(2, btc, T0));
    expect(midPriceAt(1, btc, T0)).not.toBe(midPriceAt(1, btc, T0 + 60_000));
  });

  it.each(PERP_ASSETS.map((a) => [a.name, a] as const))(
    '%s stays near its base and moves like a market',
    (_name, asset) => {
      const hourly: number[] = [];
      for (let h = 0; h < 24 * 30; h += 1) hourly.push(midPriceAt(1, asset, T0 + h * HOUR));
      for (const px of hourly) expect(px / asset.basePriceUsd).toBeGreaterThan(0.3);
      for (const px of hourly) expect(px / asset.basePriceUsd).toBeLessThan(3);
      const moves = hourly.slice(1).map((px, i) => Math.log(px / hourly[i]!));
      const rms = Math.sqrt(moves.reduce((s, m) => s + m * m, 0) / moves.length);
      // Hourly moves of a daily volatility σ are about σ/√24.
      expect(rms).toBeGreaterThan(asset.dailyVolatility / Math.sqrt(24) / 4);
      expect(rms).toBeLessThan((asset.dailyVolatility / Math.sqrt(24)) * 4);
    },
  );
});

describe('synthetic book', () => {
  it.each(PERP_ASSETS.map((a) => [a.name, a] as const))(
    '%s: 20 valid levels a side, one tick apart, no cross',
    (_name, asset) => {
      const book = bookAt(1, asset, T0);
      expect(book.bids).toHaveLength(20);
      expect(book.asks).toHaveLength(20);
      expect(book.bids[0]!.px).toBeLessThan(book.asks[0]!.px);
      for (const level of [...book.bids, ...book.asks]) {
        expect(isValidPrice(asset, formatDecimal(level.px, book.decimals))).toBe(true);
        expect(level.sz).toBeGreaterThan(0);
      }
      const tick = tickSize(asset, book.asks[0]!.px);
      expect(book.asks[1]!.px - book.asks[0]!.px).toBeCloseTo(tick, 10);
    },
  );
});

describe('candles', () => {
  it('cover the range, open where the previous closed, and bound their open and close', () => {
    const asset = PERP_ASSETS[1]!;
    const now = T0 + 100 * HOUR + 1_234;
    const candles = candlesBetween(1, asset, '1h', now - 100 * HOUR, now, now);
    expect(candles).toHaveLength(101);
    expect(candles.at(-1)?.t).toBe(T0 + 100 * HOUR);
    for (const [i, c] of candles.entries()) {
      expect(c.T).toBe(c.t + HOUR - 1);
      expect(Number(c.h)).toBeGreaterThanOrEqual(Math.max(Number(c.o), Number(c.c)));
      expect(Number(c.l)).toBeLessThanOrEqual(Math.min(Number(c.o), Number(c.c)));
      if (i > 0) expect(Math.abs(Number(c.o) / Number(candles[i - 1]!.c) - 1)).toBeLessThan(0.001);
    }
  });

  it('never returns more than 5000 candles, nor any from the future', () => {
    const asset = PERP_ASSETS[0]!;
    const candles = candlesBetween(1, asset, '1m', 0, T0 + 10 * HOUR, T0);
    expect(candles).toHaveLength(5000);
    expect(candles.at(-1)!.t).toBeLessThanOrEqual(T0);
    expect(
      candlesBetween(1, asset, '1M', T0 - 40 * 86_400_000, T0, T0).map((c) =>
        new Date(c.t).getUTCDate(),
      ),
    ).toEqual([1, 1, 1]);
  });
});
