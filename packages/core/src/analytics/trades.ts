import type { ScriptCellId } from '../script-cells/catalogue.js';
import type { TradeStatus } from '../trade/status.js';

/** A ticked cell recorded when the trade was opened (DESIGN.md section 7). */
export interface AnalyticsCell {
  index: number;
  title: string;
  points: number;
  /** Set when the script ticked it at plan time (DESIGN.md section 15). */
  script?: ScriptCellId;
  /** The number the script saw; only with `script`. */
  value?: number | null;
}

/**
 * What analytics reads of a trade row (DESIGN.md sections 7 and 8). Times are ISO 8601 strings,
 * as TradeSchema carries them, so the server can pass its rows and the web its journal as they
 * are. `rMultiple`, `pnlUsd` and `closedAt` are null while the trade is OPEN.
 */
export interface AnalyticsTrade {
  id: string;
  pair: string;
  isLong: boolean;
  status: TradeStatus;
  /** When the trade was taken (the trade's `date`), ISO 8601. */
  openedAt: string;
  /** ISO 8601; null while OPEN. */
  closedAt: string | null;
  rMultiple: number | null;
  pnlUsd: number | null;
  /** Planned reward ÷ risk. */
  riskRewardRatio: number;
  /** Risk tier 1..5 when opened. */
  tier: number;
  score: number;
  /** The ticked cells when opened; null for trades recorded before snapshots existed. */
  cells: readonly AnalyticsCell[] | null;
  targetManual: boolean;
  streakAtOpen: number | null;
  /** The board the cells were ticked on (its id and name when the trade was opened). */
  boardId?: string | null;
  boardName?: string | null;
  /** Typed into the journal, or closed by exchange fills (verified). Journal when absent. */
  source?: TradeSource;
  /** Excursions in R (core tradeExcursions: MFE >= 0 >= MAE); null or absent when not known. */
  mfeR?: number | null;
  maeR?: number | null;
}

/**
 * Where a trade's outcome comes from: the trader's journal, the exchange's fills, or a round
 * trip on the exchange no plan explains (off-plan: fills, no plan, no R).
 */
export const TRADE_SOURCES = ['journal', 'exchange', 'offPlan'] as const;
export type TradeSource = (typeof TRADE_SOURCES)[number];

/** A trade that counts in analytics: closed, with its R, USD P/L and close time. */
export interface ClosedAnalyticsTrade extends AnalyticsTrade {
  closedAt: string;
  rMultiple: number;
  pnlUsd: number;
  /** `closedAt` in epoch milliseconds. */
  closedAtMs: number;
  /** `openedAt` in epoch milliseconds (`closedAtMs` when it does not parse). */
  openedAtMs: number;
}

/** win, loss, or breakeven (neither). */
export type Outcome = 'win' | 'loss' | 'breakeven';

/**
 * A closed trade's outcome, by its USD P/L (the money is the truth, fees included). A trade
 * with `pnlUsd` 0 or `rMultiple` 0 is breakeven: neither a win nor a loss. It still counts in
 * `trades` and in the means (expectancy, SQN), so it lowers the win rate, and it ends a run of
 * wins or losses.
 */
export function outcomeOf(trade: Pick<AnalyticsTrade, 'pnlUsd' | 'rMultiple'>): Outcome {
  const { pnlUsd, rMultiple } = trade;
  if (!pnlUsd || !rMultiple) return 'breakeven';
  return pnlUsd > 0 ? 'win' : 'loss';
}

/**
 * The closed trades (OPEN ones and rows missing a close fact are left out), ordered by close
 * time, then id so equal times give one order everywhere (curves, drawdowns, streaks).
 */
export function closedTrades(trades: readonly AnalyticsTrade[]): ClosedAnalyticsTrade[] {
  if (isClosedInOrder(trades)) return trades.slice();
  const closed: ClosedAnalyticsTrade[] = [];
  for (const trade of trades) {
    if (trade.status === 'OPEN') continue;
    const { closedAt, rMultiple, pnlUsd } = trade;
    if (closedAt === null || rMultiple === null || pnlUsd === null) continue;
    const closedAtMs = Date.parse(closedAt);
    if (!Number.isFinite(closedAtMs)) continue;
    const openedAtMs = Date.parse(trade.openedAt);
    // Every field named, in one order: one object shape for all, so the reports that walk
    // 10,000 of them stay on V8's fast path (a spread with overrides does not).
    closed.push({
      id: trade.id,
      pair: trade.pair,
      isLong: trade.isLong,
      status: trade.status,
      openedAt: trade.openedAt,
      closedAt,
      rMultiple,
      pnlUsd,
      riskRewardRatio: trade.riskRewardRatio,
      tier: trade.tier,
      score: trade.score,
      cells: trade.cells,
      targetManual: trade.targetManual,
      streakAtOpen: trade.streakAtOpen,
      boardId: trade.boardId ?? null,
      boardName: trade.boardName ?? null,
      source: trade.source ?? 'journal',
      mfeR: trade.mfeR ?? null,
      maeR: trade.maeR ?? null,
      closedAtMs,
      // An unreadable opening is taken as the close (weekday and hour need an instant).
      openedAtMs: Number.isFinite(openedAtMs) ? openedAtMs : closedAtMs,
    });
  }
  return closed.sort(
    (a, b) => a.closedAtMs - b.closedAtMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

const inCloseOrder = (a: ClosedAnalyticsTrade, b: ClosedAnalyticsTrade): boolean =>
  a.closedAtMs < b.closedAtMs || (a.closedAtMs === b.closedAtMs && a.id <= b.id);

/** Already the output of closedTrades (every report reuses it without sorting again). */
function isClosedInOrder(trades: readonly AnalyticsTrade[]): trades is ClosedAnalyticsTrade[] {
  let previous: ClosedAnalyticsTrade | undefined;
  for (const trade of trades) {
    const closed = trade as Partial<ClosedAnalyticsTrade>;
    if (trade.status === 'OPEN' || typeof closed.closedAtMs !== 'number') return false;
    if (typeof closed.openedAtMs !== 'number') return false;
    if (trade.rMultiple === null || trade.pnlUsd === null) return false;
    if (previous && !inCloseOrder(previous, trade as ClosedAnalyticsTrade)) return false;
    previous = trade as ClosedAnalyticsTrade;
  }
  return true;
}
