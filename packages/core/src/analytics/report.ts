import { byCellPerBoard, type BoardCellEdge } from './cells.js';
import { equityCurve, rDistribution, type EquityPoint, type RBucket } from './curve.js';
import { discipline, type DisciplineReport } from './discipline.js';
import { excursionsReport, type ExcursionsReport } from './excursions.js';
import {
  byHour,
  byPair,
  bySide,
  byTier,
  byWeekday,
  calendar,
  type CalendarDay,
  type GroupRow,
  type TierRow,
} from './groups.js';
import { localClock } from './local-time.js';
import { sumUsd, type Usd } from '../units/units.js';
import { summarize, type AnalyticsSummary } from './summary.js';
import { closedTrades, type AnalyticsTrade, type TradeSource } from './trades.js';

/** The filters of GET /api/analytics (dates are the trader's local dates, both included). */
export interface AnalyticsFilter {
  from?: string;
  to?: string;
  pair?: string;
  side?: 'long' | 'short';
  board?: string;
  tier?: number;
  source?: TradeSource;
}

/**
 * The trades a filter keeps. A closed trade is dated by its close, an OPEN one by its opening,
 * each on the trader's local calendar in `timeZone`.
 */
export function filterTrades(
  trades: readonly AnalyticsTrade[],
  filter: AnalyticsFilter,
  timeZone: string,
): AnalyticsTrade[] {
  const clock = localClock(timeZone);
  const { from, to, pair, side, board, tier, source } = filter;
  return trades.filter((trade) => {
    if (pair !== undefined && trade.pair !== pair) return false;
    if (side !== undefined && trade.isLong !== (side === 'long')) return false;
    if (board !== undefined && (trade.boardId ?? null) !== board) return false;
    if (tier !== undefined && trade.tier !== tier) return false;
    if (source !== undefined && (trade.source ?? 'journal') !== source) return false;
    if (from === undefined && to === undefined) return true;
    const at = Date.parse(trade.closedAt ?? trade.openedAt);
    if (!Number.isFinite(at)) return false;
    const date = clock(at).date;
    return (from === undefined || date >= from) && (to === undefined || date <= to);
  });
}

/** Everything the analytics page shows (DESIGN.md section 8), over already filtered trades. */
export interface AnalyticsReport {
  summary: AnalyticsSummary;
  /** OPEN trades among the filtered ones: counted apart, in no other figure. */
  openTrades: number;
  /**
   * The cost of trading off the plan: closed off-plan trades (taken on the account outside the
   * journal; no R, so in no R figure) and their USD result.
   */
  offPlan: { trades: number; pnlUsd: Usd };
  equity: EquityPoint[];
  rDistribution: RBucket[];
  calendar: CalendarDay[];
  byTier: TierRow[];
  byCell: BoardCellEdge[];
  byPair: GroupRow[];
  bySide: GroupRow[];
  byWeekday: GroupRow[];
  byHour: GroupRow[];
  discipline: DisciplineReport;
  /** MFE and MAE of the closed trades whose market is known (issue 26). */
  excursions: ExcursionsReport;
}

/** Closed off-plan trades and the sum of their P/L in USD. */
function offPlanCost(trades: readonly AnalyticsTrade[]): AnalyticsReport['offPlan'] {
  const offPlan = trades.filter((t) => t.source === 'offPlan' && t.status !== 'OPEN');
  return { trades: offPlan.length, pnlUsd: sumUsd(offPlan.map((t) => t.pnlUsd ?? 0)) };
}

/** The whole report; closed trades are ordered once and every figure reuses that order. */
export function analyze(trades: readonly AnalyticsTrade[], timeZone: string): AnalyticsReport {
  const closed = closedTrades(trades);
  return {
    summary: summarize(closed),
    openTrades: trades.filter((t) => t.status === 'OPEN').length,
    offPlan: offPlanCost(trades),
    equity: equityCurve(closed),
    rDistribution: rDistribution(closed),
    calendar: calendar(closed, timeZone),
    byTier: byTier(closed),
    byCell: byCellPerBoard(closed),
    byPair: byPair(closed),
    bySide: bySide(closed),
    byWeekday: byWeekday(closed, timeZone),
    byHour: byHour(closed, timeZone),
    discipline: discipline(closed),
    excursions: excursionsReport(closed),
  };
}
