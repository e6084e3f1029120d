import { rMultiple, sumR, sumUsd, usd, type RMultiple, type Usd } from '../units/units.js';
import { outcomeOf, type ClosedAnalyticsTrade } from './trades.js';

/** The mean of R-multiples (exact sum, rounded to R decimals); null for none. */
export function meanR(values: readonly number[]): RMultiple | null {
  return values.length === 0 ? null : rMultiple(sumR(values) / values.length);
}

/** The mean of dollar amounts (exact sum, rounded to micro-dollars); null for none. */
export function meanUsd(values: readonly number[]): Usd | null {
  return values.length === 0 ? null : usd(sumUsd(values) / values.length);
}

/** The sample standard deviation (n − 1); null under two values. */
export function sampleStdev(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const squares = values.reduce((sum, v) => sum + (v - mean) ** 2, 0);
  return Math.sqrt(squares / (values.length - 1));
}

/** One row of a breakdown (by pair, side, weekday, hour). */
export interface GroupStats {
  trades: number;
  /** wins / trades, 0..1; null for no trades. */
  winRate: number | null;
  /** Mean R; null for no trades. */
  expectancyR: RMultiple | null;
  /** Sum of USD P/L. */
  pnlUsd: Usd;
}

/** Trades, win rate, expectancy and P/L of a set of closed trades. */
export function groupStats(trades: readonly ClosedAnalyticsTrade[]): GroupStats {
  const wins = trades.filter((t) => outcomeOf(t) === 'win').length;
  return {
    trades: trades.length,
    winRate: trades.length === 0 ? null : wins / trades.length,
    expectancyR: meanR(trades.map((t) => t.rMultiple)),
    pnlUsd: sumUsd(trades.map((t) => t.pnlUsd)),
  };
}

/** Groups items by a key, keeping first-seen order inside each group. */
export function groupInto<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
