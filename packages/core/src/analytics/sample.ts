/**
 * When a comparison says something: the one sample rule every analytics panel and sentence
 * uses, and the 95 % confidence intervals shown beside the figures compared.
 */

/**
 * The closed trades each side of a comparison needs (with a cell / without it, one tier
 * against another, long against short) before the page names a better side. Under it the
 * page says "not enough trades yet" instead of a verdict or an edge figure.
 */
export const MIN_SAMPLE = 5;

/**
 * Under this many closed trades a win rate shown on its own (a cell's, a script cell's across
 * traders) is marked "small sample" and greyed: at 10 trades its 95 % interval is still about
 * ±30 points wide.
 */
export const SMALL_SAMPLE = 10;

/** True when a win rate rests on fewer than SMALL_SAMPLE trades. */
export const isSmallSample = (trades: number): boolean => trades < SMALL_SAMPLE;

/** True when every side of a comparison has at least MIN_SAMPLE closed trades. */
export function enoughSample(...tradesPerSide: readonly number[]): boolean {
  return tradesPerSide.length > 0 && tradesPerSide.every((trades) => trades >= MIN_SAMPLE);
}

/** A 95 % confidence interval, low <= high. */
export interface Interval {
  low: number;
  high: number;
}

/** The normal quantile for a two-sided 95 % interval. */
export const Z_95 = 1.959964;

/**
 * The Wilson score interval (95 %) of a win rate: wins out of trades, as ratios 0..1. Unlike
 * p ± 1.96·√(p(1−p)/n) it stays inside 0..1 and is not zero-wide at 0 or n wins.
 * null for no trades.
 */
export function wilsonInterval(wins: number, trades: number): Interval | null {
  if (trades <= 0) return null;
  const p = wins / trades;
  const z2 = Z_95 * Z_95;
  const denominator = 1 + z2 / trades;
  const centre = (p + z2 / (2 * trades)) / denominator;
  const half =
    (Z_95 / denominator) * Math.sqrt((p * (1 - p)) / trades + z2 / (4 * trades * trades));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Student's t for a two-sided 95 % interval, by degrees of freedom 1..30. */
const T_95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145,
  2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048,
  2.045, 2.042,
] as const;

/**
 * Student's t quantile for a two-sided 95 % interval with `df` degrees of freedom: the table
 * up to 30, above it the Cornish-Fisher expansion around 1.96 (within 0.001 of the exact
 * quantile; it tends to 1.96 as df grows).
 */
export function tQuantile95(df: number): number {
  if (df < 1) throw new RangeError('degrees of freedom must be at least 1');
  const tabled = T_95[Math.floor(df) - 1];
  if (tabled !== undefined) return tabled;
  const z = Z_95;
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df);
}

/**
 * The 95 % interval of a mean (expectancy in R) from the count, the sum and the sum of
 * squares of the values: mean ± t(n−1) · s / √n, s the sample standard deviation. Student's t
 * rather than 1.96: with the 5 to 30 trades a comparison usually has, 1.96 would be too
 * narrow (t is 2.78 at 5 trades). null under two values (no spread to measure).
 */
export function meanInterval(count: number, sum: number, sumOfSquares: number): Interval | null {
  if (count < 2) return null;
  const mean = sum / count;
  // Rounding can leave a hair under zero when every value is the same.
  const variance = Math.max(0, (sumOfSquares - sum * mean) / (count - 1));
  const half = (tQuantile95(count - 1) * Math.sqrt(variance)) / Math.sqrt(count);
  return { low: mean - half, high: mean + half };
}

/** What a breakdown (by tier, pair, side, weekday, hour) can say about its groups. */
export type GroupComparison<T> =
  /** No group has a closed trade. */
  | { kind: 'none' }
  /** One group only: nothing to compare it with. */
  | { kind: 'single'; only: T }
  /** Fewer than two groups have MIN_SAMPLE trades: no better or worse group yet. */
  | { kind: 'notEnough' }
  /**
   * The best and the worst expectancy among the groups with MIN_SAMPLE trades or more;
   * `leftOut` groups had fewer and are not ranked.
   */
  | { kind: 'ranked'; best: T; worst: T; leftOut: number };

/**
 * Best and worst group by expectancy, ranking only groups with enough trades (the same rule
 * as every other comparison: MIN_SAMPLE on each side). Ties keep the rows' order.
 */
export function compareGroups<T extends { trades: number; expectancyR: number | null }>(
  rows: readonly T[],
): GroupComparison<T> {
  const withTrades = rows.filter((row) => row.trades > 0 && row.expectancyR !== null);
  const [first] = withTrades;
  if (first === undefined) return { kind: 'none' };
  if (withTrades.length === 1) return { kind: 'single', only: first };
  const ranked = withTrades
    .filter((row) => enoughSample(row.trades))
    .sort((a, b) => (b.expectancyR ?? 0) - (a.expectancyR ?? 0));
  const best = ranked[0];
  const worst = ranked[ranked.length - 1];
  if (ranked.length < 2 || best === undefined || worst === undefined) return { kind: 'notEnough' };
  return { kind: 'ranked', best, worst, leftOut: withTrades.length - ranked.length };
}
