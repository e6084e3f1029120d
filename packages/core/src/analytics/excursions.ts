import { MIN_SAMPLE } from './sample.js';
import { closedTrades, outcomeOf, type AnalyticsTrade } from './trades.js';

/**
 * A bucket of how far winners went against the trader first: a depth |MAE| in R with
 * `from` <= depth < `to` (null: no upper end).
 */
export interface MaeBucket {
  from: number;
  to: number | null;
  count: number;
}

/**
 * The analytics page's "Excursions" panel (issue 26), from the closed trades whose MFE and
 * MAE are known (core tradeExcursions; MAE <= 0 on rMultiple's axis). Off-plan trades have no
 * R and are left out.
 */
export interface ExcursionsReport {
  /** Closed trades with excursions; `missing`: closed ones without (market unknown, not read). */
  trades: number;
  missing: number;
  /** "How far did winners go first against you": tells whether stops are too tight. */
  winners: {
    trades: number;
    /** The median MAE of the winners (<= 0); null under MIN_SAMPLE winners. */
    medianMaeR: number | null;
    /** Winners by how deep they went against: 0-0.25R, 0.25-0.5R, 0.5-0.75R, 0.75-1R, 1R+. */
    maeDistribution: MaeBucket[];
  };
  /**
   * "What the next tier's target would have given": a trade whose MFE reached its planned
   * target + 1R would have made one more R with the next tier's target.
   */
  nextTarget: {
    /** Trades with a planned target (riskRewardRatio > 0) and excursions. */
    trades: number;
    /** Their MFE reached the planned target. */
    reachedTarget: number;
    /** Their MFE reached the target + 1R (the next tier's): one more R each. */
    reachedNext: number;
    /** What those would have added: reachedNext x 1R. */
    extraR: number;
    /** Reached the target, then closed below it (the market came back). */
    cameBack: number;
  };
}

/** MAE depth edges of the winners' distribution, in R. */
const DEPTH_EDGES = [0, 0.25, 0.5, 0.75, 1] as const;
/** Hundredths of R of slack: an MFE stored as 2.99 for a 3R target (rounding) still reached it. */
const SLACK = 0.005;

/** The median of numbers, rounded to 2 decimals; null for none. */
export function medianR(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const rounded = Math.round(value * 100) / 100;
  return rounded === 0 ? 0 : rounded;
}

/** The Excursions panel's figures over the closed trades among `trades`. */
export function excursionsReport(trades: readonly AnalyticsTrade[]): ExcursionsReport {
  const closed = closedTrades(trades).filter((t) => t.source !== 'offPlan');
  const known = closed.filter(
    (t): t is typeof t & { mfeR: number; maeR: number } =>
      typeof t.mfeR === 'number' && typeof t.maeR === 'number',
  );
  const winnersMae = known.filter((t) => outcomeOf(t) === 'win').map((t) => t.maeR);
  const maeDistribution: MaeBucket[] = DEPTH_EDGES.map((from, i) => ({
    from,
    to: DEPTH_EDGES[i + 1] ?? null,
    count: 0,
  }));
  for (const mae of winnersMae) {
    const depth = Math.max(0, -mae);
    let index = 0;
    while (index + 1 < maeDistribution.length && depth >= DEPTH_EDGES[index + 1]!) index += 1;
    maeDistribution[index]!.count += 1;
  }
  const planned = known.filter((t) => t.riskRewardRatio > 0);
  const reached = planned.filter((t) => t.mfeR >= t.riskRewardRatio - SLACK);
  const reachedNext = reached.filter((t) => t.mfeR >= t.riskRewardRatio + 1 - SLACK).length;
  return {
    trades: known.length,
    missing: closed.length - known.length,
    winners: {
      trades: winnersMae.length,
      medianMaeR: winnersMae.length >= MIN_SAMPLE ? medianR(winnersMae) : null,
      maeDistribution,
    },
    nextTarget: {
      trades: planned.length,
      reachedTarget: reached.length,
      reachedNext,
      extraR: reachedNext,
      cameBack: reached.filter((t) => t.rMultiple < t.riskRewardRatio - SLACK).length,
    },
  };
}
