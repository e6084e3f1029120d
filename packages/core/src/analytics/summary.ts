import { rMultiple, sumR, sumUsd, usd, type RMultiple, type Usd } from '../units/units.js';
import { equityCurve, maxDrawdown } from './curve.js';
import { meanR, meanUsd, sampleStdev } from './stats.js';
import { closedTrades, outcomeOf, type AnalyticsTrade, type Outcome } from './trades.js';

/** The KPIs of DESIGN.md section 8, over closed trades. Means of no values are null. */
export interface AnalyticsSummary {
  /** Closed trades, breakevens included. */
  trades: number;
  wins: number;
  losses: number;
  /** wins / trades, 0..1; null with no trades. */
  winRate: number | null;
  /** Mean R of all closed trades (breakevens included). */
  expectancyR: RMultiple | null;
  expectancyUsd: Usd | null;
  /** Sum of positive USD P/L / abs(sum of negative USD P/L); null when there is no loss. */
  profitFactor: number | null;
  avgWinR: RMultiple | null;
  /** Negative (a mean of losing R). */
  avgLossR: RMultiple | null;
  /** avgWinR / abs(avgLossR); null without a win or a loss. */
  payoffRatio: number | null;
  totalR: RMultiple;
  totalUsd: Usd;
  /** >= 0; the fall from the running peak (starting at 0) of the cumulative curve. */
  maxDrawdownR: number;
  maxDrawdownUsd: Usd;
  /** sqrt(min(N, 100)) × mean R / sample stdev R; null when N < 2 or stdev is 0. */
  sqn: number | null;
  longestWinStreak: number;
  longestLossStreak: number;
}

/** The longest run of `outcome` in close order (a breakeven or the other outcome ends it). */
function longestRun(outcomes: readonly Outcome[], outcome: Outcome): number {
  let longest = 0;
  let run = 0;
  for (const each of outcomes) {
    run = each === outcome ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** System Quality Number (Van Tharp), capped at 100 trades so it does not grow with N alone. */
function sqnOf(rs: readonly number[]): number | null {
  const stdev = sampleStdev(rs);
  if (stdev === null || stdev === 0) return null;
  const mean = rs.reduce((sum, r) => sum + r, 0) / rs.length;
  return (Math.sqrt(Math.min(rs.length, 100)) * mean) / stdev;
}

/**
 * Mean win R / abs(mean loss R), from the exact sums (not the rounded means). Wins and losses
 * are told apart by their dollars (fees included), so a loss may carry R >= 0 (a target hit
 * whose fees ate the gain): without a negative mean loss R there is no ratio (null), never
 * Infinity.
 */
function payoffRatio(winRs: readonly number[], lossRs: readonly number[]): number | null {
  if (winRs.length === 0 || lossRs.length === 0) return null;
  const meanLoss = sumR(lossRs) / lossRs.length;
  if (meanLoss >= 0) return null;
  return sumR(winRs) / winRs.length / Math.abs(meanLoss);
}

/** The summary KPIs of the closed trades among `trades` (OPEN ones are ignored). */
export function summarize(trades: readonly AnalyticsTrade[]): AnalyticsSummary {
  const closed = closedTrades(trades);
  const outcomes = closed.map(outcomeOf);
  const rs = closed.map((t) => t.rMultiple);
  const winRs = closed.filter((_, i) => outcomes[i] === 'win').map((t) => t.rMultiple);
  const lossRs = closed.filter((_, i) => outcomes[i] === 'loss').map((t) => t.rMultiple);
  const grossWin = sumUsd(closed.filter((t) => t.pnlUsd > 0).map((t) => t.pnlUsd));
  const grossLoss = -sumUsd(closed.filter((t) => t.pnlUsd < 0).map((t) => t.pnlUsd));
  const avgWinR = meanR(winRs);
  const avgLossR = meanR(lossRs);
  const curve = equityCurve(closed);
  return {
    trades: closed.length,
    wins: winRs.length,
    losses: lossRs.length,
    winRate: closed.length === 0 ? null : winRs.length / closed.length,
    expectancyR: meanR(rs),
    expectancyUsd: meanUsd(closed.map((t) => t.pnlUsd)),
    profitFactor: grossLoss > 0 ? grossWin / grossLoss : null,
    avgWinR,
    avgLossR,
    payoffRatio: payoffRatio(winRs, lossRs),
    totalR: sumR(rs),
    totalUsd: sumUsd(closed.map((t) => t.pnlUsd)),
    maxDrawdownR: rMultiple(maxDrawdown(curve.map((p) => p.cumulativeR))),
    maxDrawdownUsd: usd(maxDrawdown(curve.map((p) => p.cumulativeUsd))),
    sqn: sqnOf(rs),
    longestWinStreak: longestRun(outcomes, 'win'),
    longestLossStreak: longestRun(outcomes, 'loss'),
  };
}
