import { groupStats, type GroupStats } from './stats.js';
import { closedTrades, type AnalyticsTrade, type ClosedAnalyticsTrade } from './trades.js';

/** A few hundredths of R/R of slack, so a 2.00 planned on a 2R/R tier is not "below". */
const RR_SLACK = 0.005;

/** A trade planned below the R/R its tier allowed (tier n allows nR/R, SPEC.md section 4). */
export function isBelowTier(trade: Pick<AnalyticsTrade, 'riskRewardRatio' | 'tier'>): boolean {
  return trade.riskRewardRatio < trade.tier - RR_SLACK;
}

/** A trade opened on a losing streak (streak below 0 when it was opened). */
export function isColdStreak(trade: Pick<AnalyticsTrade, 'streakAtOpen'>): boolean {
  return trade.streakAtOpen !== null && trade.streakAtOpen < 0;
}

/**
 * Discipline against outcome (DESIGN.md section 8), each pair splitting the closed trades in
 * two: planned at the tier's R/R or above against below it; the target the tier set against a
 * target moved by hand; opened on a losing streak against the rest (a trade without a recorded
 * streak counts in `notColdStreak`).
 */
export interface DisciplineReport {
  followedTier: GroupStats;
  belowTier: GroupStats;
  autoTarget: GroupStats;
  manualTarget: GroupStats;
  coldStreak: GroupStats;
  notColdStreak: GroupStats;
}

function split(
  closed: readonly ClosedAnalyticsTrade[],
  test: (t: ClosedAnalyticsTrade) => boolean,
): [GroupStats, GroupStats] {
  return [groupStats(closed.filter(test)), groupStats(closed.filter((t) => !test(t)))];
}

/** The discipline splits of the closed trades among `trades`. */
export function discipline(trades: readonly AnalyticsTrade[]): DisciplineReport {
  const closed = closedTrades(trades);
  const [belowTier, followedTier] = split(closed, isBelowTier);
  const [manualTarget, autoTarget] = split(closed, (t) => t.targetManual);
  const [coldStreak, notColdStreak] = split(closed, isColdStreak);
  return { followedTier, belowTier, autoTarget, manualTarget, coldStreak, notColdStreak };
}
