import type { TradeStatus } from '../trade/status.js';

/** A ticked cell recorded when the trade was opened (DESIGN.md section 7). */
export interface AnalyticsCell {
  index: number;
  title: string;
  points: number;
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
}

/** A trade that counts in analytics: closed, with its R, USD P/L and close time. */
export interface ClosedAnalyticsTrade extends AnalyticsTrade {
  closedAt: string;
  rMultiple: number;
  pnlUsd: number;
  /** `closedAt` in epoch milliseconds. */
  closedAtMs: number;
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
  const closed: ClosedAnalyticsTrade[] = [];
  for (const trade of trades) {
    if (trade.status === 'OPEN') continue;
    const { closedAt, rMultiple, pnlUsd } = trade;
    if (closedAt === null || rMultiple === null || pnlUsd === null) continue;
    const closedAtMs = Date.parse(closedAt);
    if (!Number.isFinite(closedAtMs)) continue;
    closed.push({ ...trade, closedAt, rMultiple, pnlUsd, closedAtMs });
  }
  return closed.sort(
    (a, b) => a.closedAtMs - b.closedAtMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
