/** Trade statuses (SPEC.md section 4). A trade is saved OPEN and closed exactly once. */
export const TRADE_STATUSES = ['OPEN', 'TARGET_HIT', 'STOPLOSS_HIT'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];
/** The two ways an OPEN trade closes. */
export const CLOSED_TRADE_STATUSES = ['TARGET_HIT', 'STOPLOSS_HIT'] as const;
export type ClosedTradeStatus = (typeof CLOSED_TRADE_STATUSES)[number];

/** What the trade list shows for a status: OPEN, WIN (target hit) or LOSS (stoploss hit). */
export function tradeStatusLabel(status: TradeStatus): 'OPEN' | 'WIN' | 'LOSS' {
  if (status === 'TARGET_HIT') return 'WIN';
  if (status === 'STOPLOSS_HIT') return 'LOSS';
  return 'OPEN';
}

/** Only OPEN trades offer Target Hit / Stoploss Hit or any other change (SPEC.md section 4). */
export function canChangeTrade(status: TradeStatus): boolean {
  return status === 'OPEN';
}

/** Anything with a status and a creation time: ISO string or epoch milliseconds. */
export interface SortableTrade {
  status: TradeStatus;
  createdAt: string | number;
}

function createdAtMs(value: string | number): number {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : Number.NEGATIVE_INFINITY;
}

/**
 * The trade list order (SPEC.md section 4): OPEN trades first, then newest first. Trades with
 * an unreadable time go last; ties keep their input order. Returns a new array.
 */
export function sortTradesForDisplay<T extends SortableTrade>(trades: readonly T[]): T[] {
  return trades
    .map((trade, index) => ({ trade, index, ms: createdAtMs(trade.createdAt) }))
    .sort((a, b) => {
      const openA = a.trade.status === 'OPEN' ? 0 : 1;
      const openB = b.trade.status === 'OPEN' ? 0 : 1;
      if (openA !== openB) return openA - openB;
      if (a.ms !== b.ms) return a.ms > b.ms ? -1 : 1;
      return a.index - b.index;
    })
    .map((entry) => entry.trade);
}

/** "Clear history" on the client: keeps only OPEN trades (closed ones stay on the server). */
export function clearTradeHistory<T extends { status: TradeStatus }>(trades: readonly T[]): T[] {
  return trades.filter((trade) => trade.status === 'OPEN');
}

/** The count on the Trade History button: how many trades are OPEN. */
export function countOpenTrades(trades: readonly { status: TradeStatus }[]): number {
  return trades.reduce((count, trade) => count + (trade.status === 'OPEN' ? 1 : 0), 0);
}
