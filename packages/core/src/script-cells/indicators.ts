import type { Candle } from '../schemas/exchange-responses.js';

/** One day in milliseconds: the length of a daily candle. */
export const DAY_MS = 86_400_000;

/** A trade's side as the script cells read it. */
export type ScriptSide = 'long' | 'short';

/** What a script cell found: whether it ticks, the number it saw and the sentence shown. */
export interface ScriptCellResult {
  ticked: boolean;
  /** The number the script saw (unit per cell: see SCRIPT_CELLS' `valueUnit`); null without data. */
  value: number | null;
  /** The sentence shown on the cell: the data used, or why the cell could not be decided. */
  detail: string;
}

/** A result that does not tick and has no value. */
export function notDecided(detail: string): ScriptCellResult {
  return { ticked: false, value: null, detail };
}

/**
 * Whether a candle is six numbers with a finite time, finite positive prices (high ≥ low) and a
 * finite volume ≥ 0.
 */
export function isSoundCandle(candle: unknown): candle is Candle {
  if (!Array.isArray(candle) || candle.length < 6) return false;
  const [time, open, high, low, close, volume] = candle as Candle;
  return (
    Number.isFinite(time) &&
    [open, high, low, close].every((price) => Number.isFinite(price) && price > 0) &&
    high >= low &&
    Number.isFinite(volume) &&
    volume >= 0
  );
}

/**
 * The candles in time order, without the one still open at `nowMs` (a candle is closed once
 * `time + intervalMs ≤ nowMs`). Without `nowMs` every candle counts as closed.
 */
export function closedCandles(
  candles: readonly Candle[],
  intervalMs: number,
  nowMs?: number,
): Candle[] {
  const sorted = [...candles].sort((a, b) => a[0] - b[0]);
  if (nowMs === undefined) return sorted;
  return sorted.filter((candle) => candle[0] + intervalMs <= nowMs);
}

/** The simple average of some numbers (NaN for none). */
export function average(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * Average true range: the simple average of the last `period` true ranges, where a candle's true
 * range is max(high − low, |high − previous close|, |low − previous close|). Needs period + 1
 * candles (each range reads the close before it); NaN with fewer.
 */
export function averageTrueRange(candles: readonly Candle[], period: number): number {
  if (candles.length < period + 1) return Number.NaN;
  const ranges: number[] = [];
  for (let i = candles.length - period; i < candles.length; i += 1) {
    const [, , high, low] = candles[i] as Candle;
    const previousClose = (candles[i - 1] as Candle)[4];
    ranges.push(
      Math.max(high - low, Math.abs(high - previousClose), Math.abs(low - previousClose)),
    );
  }
  return average(ranges);
}

/** A percentage with a sign and `decimals` places: 2.94 → '+2.9%', -0.04 → '-0.0%' → '0.0%'. */
export function signedPercent(value: number, decimals = 1): string {
  const text = Math.abs(value).toFixed(decimals);
  if (Number(text) === 0) return `${text}%`;
  return `${value > 0 ? '+' : '-'}${text}%`;
}
