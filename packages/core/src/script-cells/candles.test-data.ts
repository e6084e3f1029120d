import type { Candle } from '../schemas/exchange-responses.js';
import { DAY_MS } from './indicators.js';

/** A daily candle on day `index` (time index × DAY_MS); high and low default to the close. */
export function day(
  index: number,
  close: number,
  extra: { high?: number; low?: number; volume?: number } = {},
): Candle {
  return [index * DAY_MS, close, extra.high ?? close, extra.low ?? close, close, extra.volume ?? 1];
}

/** Daily candles with these closes, days 0, 1, 2, ... */
export function dailyCloses(closes: readonly number[]): Candle[] {
  return closes.map((close, index) => day(index, close));
}

/** `count` copies of `value`. */
export function times(count: number, value: number): number[] {
  return Array.from({ length: count }, () => value);
}
