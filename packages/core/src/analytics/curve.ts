import { R_SCALE, rMultiple, usd, USD_SCALE, type RMultiple, type Usd } from '../units/units.js';

import { closedTrades, type AnalyticsTrade } from './trades.js';

/** A point of the equity curve: the totals after the trade closed. */
export interface EquityPoint {
  closedAt: string;
  tradeId: string;
  cumulativeR: RMultiple;
  cumulativeUsd: Usd;
}

/** Cumulative R and USD after each closed trade, in close order (exact sums). */
export function equityCurve(trades: readonly AnalyticsTrade[]): EquityPoint[] {
  let rUnits = 0;
  let usdMicros = 0;
  return closedTrades(trades).map((trade) => {
    rUnits += Math.round(trade.rMultiple * R_SCALE);
    usdMicros += Math.round(trade.pnlUsd * USD_SCALE);
    return {
      closedAt: trade.closedAt,
      tradeId: trade.id,
      cumulativeR: rMultiple(rUnits / R_SCALE),
      cumulativeUsd: usd(usdMicros / USD_SCALE),
    };
  });
}

/**
 * The largest fall of a cumulative curve from its running peak, the peak starting at 0 (so a
 * first losing trade is already a drawdown). Always >= 0.
 */
export function maxDrawdown(cumulative: readonly number[]): number {
  let peak = 0;
  let deepest = 0;
  for (const value of cumulative) {
    peak = Math.max(peak, value);
    deepest = Math.max(deepest, peak - value);
  }
  return deepest;
}

/** A bucket of the R distribution: `from` <= R < `to`; null is an open end. */
export interface RBucket {
  from: number | null;
  to: number | null;
  count: number;
}

/**
 * The inner bucket edges, half-way between whole R: each inner bucket is 1R wide and centred
 * on a whole R (-2R, -1R, 0R, +1R, +2R, +3R), open below -2.5R and from +3.5R up.
 */
const R_EDGES = [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5] as const;

/**
 * How many closed trades fall in each bucket: (-inf, -2.5), [-2.5, -1.5), [-1.5, -0.5),
 * [-0.5, 0.5), [0.5, 1.5), [1.5, 2.5), [2.5, 3.5), [3.5, +inf). All eight buckets are always
 * present (zero counts included), so a chart keeps its axis. A bucket holds the trades that
 * closed about its whole R: a full stop (-1R), or one a little past it with slippage (-1.05R),
 * falls in the -1R bucket [-1.5, -0.5), never at a bucket's edge; a breakeven in the 0R one.
 */
export function rDistribution(trades: readonly AnalyticsTrade[]): RBucket[] {
  const buckets: RBucket[] = [{ from: null, to: R_EDGES[0], count: 0 }];
  for (let i = 0; i < R_EDGES.length; i++) {
    buckets.push({ from: R_EDGES[i] ?? null, to: R_EDGES[i + 1] ?? null, count: 0 });
  }
  for (const trade of closedTrades(trades)) {
    const index = R_EDGES.filter((edge) => trade.rMultiple >= edge).length;
    const bucket = buckets[index];
    if (bucket) bucket.count += 1;
  }
  return buckets;
}
