/**
 * How far the market went for and against a trade while it was open (issue 26), in R.
 *
 * Convention, used everywhere (API, cards, analytics): both are on the same axis as the
 * trade's `rMultiple`, measured from the entry in units of its risk |entry − stop|:
 * - `mfeR` (maximum favourable excursion) ≥ 0: the best price reached in the trade's favour
 *   (long: the highest high; short: the lowest low). "+1.8R": it was 1.8R in profit at best.
 * - `maeR` (maximum adverse excursion) ≤ 0: the worst price reached against it (long: the
 *   lowest low; short: the highest high). "−0.4R": it was 0.4R in loss at worst.
 * So maeR ≤ rMultiple ≤ mfeR for a trade closed at its exit price, and a stopped trade has
 * maeR ≤ −1.
 */

/** One OHLCV candle as the exchange client answers it: [time ms, open, high, low, close, volume]. */
export type ExcursionCandle = readonly [number, number, number, number, number, number];

/** A trade's excursions in R, rounded to 2 decimals (see the module's convention). */
export interface Excursions {
  mfeR: number;
  maeR: number;
}

/** What excursions read of a closed trade. */
export interface ExcursionTrade {
  isLong: boolean;
  entryPrice: number;
  stopLoss: number;
  /** Where it closed (null: not known; only the candles count). */
  exitPrice: number | null;
  /** When it was opened and closed, epoch ms. */
  openedAtMs: number;
  closedAtMs: number;
}

/** Candle intervals the exchange serves, finest first, with their length in ms. */
export const EXCURSION_INTERVALS = [
  ['1m', 60_000],
  ['5m', 5 * 60_000],
  ['15m', 15 * 60_000],
  ['1h', 60 * 60_000],
  ['4h', 4 * 60 * 60_000],
  ['1d', 24 * 60 * 60_000],
] as const;
export type ExcursionInterval = (typeof EXCURSION_INTERVALS)[number][0];

/**
 * Hyperliquid serves only the most recent 5,000 candles of an interval (candleSnapshot): 1m
 * candles reach back about 3.5 days. Two are kept spare for the partial candles at the ends.
 */
export const MAX_EXCURSION_CANDLES = 4_998;

/**
 * The finest interval whose most recent MAX_EXCURSION_CANDLES candles still reach back to the
 * trade's opening at `nowMs`: 1m for a trade opened within the last 3.5 days, then 5m, 15m, 1h,
 * 4h, 1d. One candleSnapshot request then covers the trade's whole life (no paging: older 1m
 * candles are not served at all). null when even daily candles do not reach back.
 */
export function excursionInterval(
  openedAtMs: number,
  nowMs: number,
): { interval: ExcursionInterval; ms: number } | null {
  const age = Math.max(0, nowMs - openedAtMs);
  for (const [interval, ms] of EXCURSION_INTERVALS) {
    if (Math.ceil(age / ms) + 1 <= MAX_EXCURSION_CANDLES) return { interval, ms };
  }
  return null;
}

const round2 = (value: number): number => {
  const rounded = Math.round(value * 100) / 100;
  return rounded === 0 ? 0 : rounded;
};

/**
 * A closed trade's MFE and MAE in R from the candles of one interval (`intervalMs` long each).
 *
 * Ends: a candle counts only when it lies wholly within the trade's life [opened, closed]; the
 * first and last candles, which the trade only partly overlaps, are left out (their high or
 * low may come from before the entry or after the exit), and what is known of those moments
 * stands for them: the entry price at the opening and the exit price at the close. So both
 * figures are what the market surely did while the trade was open: MFE ≥ 0 ≥ MAE always.
 *
 * null when the trade has no risk (stop at the entry) or a price is not a positive number.
 */
export function tradeExcursions(
  trade: ExcursionTrade,
  candles: readonly ExcursionCandle[],
  intervalMs: number,
): Excursions | null {
  const { isLong, entryPrice: entry, stopLoss, exitPrice, openedAtMs, closedAtMs } = trade;
  const risk = Math.abs(entry - stopLoss);
  if (!(risk > 0) || !(entry > 0) || !Number.isFinite(risk)) return null;
  let high = entry;
  let low = entry;
  if (exitPrice !== null && exitPrice > 0 && Number.isFinite(exitPrice)) {
    high = Math.max(high, exitPrice);
    low = Math.min(low, exitPrice);
  }
  for (const [time, , candleHigh, candleLow] of candles) {
    if (time < openedAtMs || time + intervalMs > closedAtMs) continue;
    if (!(candleHigh > 0) || !(candleLow > 0)) continue;
    high = Math.max(high, candleHigh);
    low = Math.min(low, candleLow);
  }
  const best = isLong ? high - entry : entry - low;
  const worst = isLong ? low - entry : entry - high;
  return { mfeR: round2(best / risk), maeR: round2(worst / risk) };
}

/** "MFE +1.8R · MAE −0.4R": a trade's excursions in one line (the trade card's). */
export function excursionsText({ mfeR, maeR }: Excursions): string {
  const r = (value: number) => {
    const text = Math.abs(value)
      .toFixed(2)
      .replace(/\.?0+$/, '');
    if (value > 0) return `+${text}R`;
    if (value < 0) return `\u2212${text}R`;
    return '0R';
  };
  return `MFE ${r(mfeR)} \u00b7 MAE ${r(maeR)}`;
}

/** What the excursions line means, for its title and screen readers. */
export const EXCURSIONS_EXPLANATION =
  'Best the market went for you (MFE) and against you (MAE) while the trade was open, in R';
