import {
  R_SCALE,
  rMultiple,
  sumR,
  sumUsd,
  usd,
  USD_SCALE,
  type RMultiple,
  type Usd,
} from '../units/units.js';
import { meanInterval, wilsonInterval, type Interval } from './sample.js';

// The sample rule and the intervals are part of the analytics API (core's index lists stats).
export * from './sample.js';
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
  /** 95 % Wilson interval of the win rate; null for no trades. */
  winRateCi: Interval | null;
  /** 95 % Student's t interval of the expectancy, in R; null under two trades. */
  expectancyRCi: Interval | null;
}

/**
 * Running totals of a group in whole units (ten-thousandths of R, micro-dollars), so sums stay
 * exact and a group can be built in one pass, or as the difference of two (all minus with).
 */
export interface GroupTotals {
  trades: number;
  wins: number;
  /** Losing trades (a breakeven one is neither a win nor a loss). */
  losses: number;
  rUnits: number;
  usdMicros: number;
  /** Sum of R² (plain floats: only the interval's spread is computed from it). */
  rSquares: number;
}

export const emptyTotals = (): GroupTotals => ({
  trades: 0,
  wins: 0,
  losses: 0,
  rUnits: 0,
  usdMicros: 0,
  rSquares: 0,
});

/** Adds a closed trade to running totals (in place). */
export function addToTotals(totals: GroupTotals, trade: ClosedAnalyticsTrade): void {
  totals.trades += 1;
  const outcome = outcomeOf(trade);
  if (outcome === 'win') totals.wins += 1;
  else if (outcome === 'loss') totals.losses += 1;
  totals.rUnits += Math.round(trade.rMultiple * R_SCALE);
  totals.usdMicros += Math.round(trade.pnlUsd * USD_SCALE);
  totals.rSquares += trade.rMultiple * trade.rMultiple;
}

/** The totals of `all` less those of `part` (a subset of it). */
export function subtractTotals(all: GroupTotals, part: GroupTotals): GroupTotals {
  return {
    trades: all.trades - part.trades,
    wins: all.wins - part.wins,
    losses: all.losses - part.losses,
    rUnits: all.rUnits - part.rUnits,
    usdMicros: all.usdMicros - part.usdMicros,
    rSquares: all.rSquares - part.rSquares,
  };
}

/** An interval of R rounded to R's decimals. */
const roundedR = (ci: Interval | null): Interval | null =>
  ci === null ? null : { low: rMultiple(ci.low), high: rMultiple(ci.high) };

/** Trades, win rate, mean R and P/L from running totals, with their 95 % intervals. */
export function statsOfTotals(totals: GroupTotals): GroupStats {
  const { trades, wins, rUnits, usdMicros, rSquares } = totals;
  return {
    trades,
    winRate: trades === 0 ? null : wins / trades,
    expectancyR: trades === 0 ? null : rMultiple(rUnits / R_SCALE / trades),
    pnlUsd: usd(usdMicros / USD_SCALE),
    winRateCi: wilsonInterval(wins, trades),
    expectancyRCi: roundedR(meanInterval(trades, rUnits / R_SCALE, rSquares)),
  };
}

/** Trades, win rate, expectancy and P/L of a set of closed trades. */
export function groupStats(trades: readonly ClosedAnalyticsTrade[]): GroupStats {
  const totals = emptyTotals();
  for (const trade of trades) addToTotals(totals, trade);
  return statsOfTotals(totals);
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
