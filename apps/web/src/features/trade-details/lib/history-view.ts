import { addDays, startOfDate, tradeStatusLabel, type Trade } from '@tb/core';

/**
 * Where a trade's record comes from, one answer per trade: `offPlan` (a round trip on the
 * exchange no plan explains), `verified` (a planned trade closed from the exchange's fills),
 * or `self` (self-reported: closed by the trader's click, typed in, or imported).
 */
export type TradeSource = 'verified' | 'self' | 'offPlan';

export const tradeSource = (trade: Trade): TradeSource =>
  trade.offPlan ? 'offPlan' : trade.verified ? 'verified' : 'self';

/** What a card says of a trade's result: OPEN, WIN, LOSS, or BE. */
export type CardStatus = 'OPEN' | 'WIN' | 'LOSS' | 'BE';

/**
 * The result a card shows: the status's label, except that a close at exactly 0R (a stop
 * moved to the entry and hit) is a break-even, neither won nor lost (core outcomeKind).
 */
export function cardStatus(trade: Pick<Trade, 'status' | 'rMultiple'>): CardStatus {
  if (trade.status !== 'OPEN' && trade.rMultiple !== null && Math.abs(trade.rMultiple) < 1e-9) {
    return 'BE';
  }
  return tradeStatusLabel(trade.status);
}

export const SORTS = {
  default: 'Open first, newest',
  newest: 'Newest first',
  oldest: 'Oldest first',
  rDesc: 'R, best first',
  rAsc: 'R, worst first',
  pnlDesc: 'P/L, best first',
  pnlAsc: 'P/L, worst first',
} as const;
export type HistorySort = keyof typeof SORTS;

/** The filters of the Trade History; '' means any. Dates are 'YYYY-MM-DD' on the trader's calendar. */
export interface HistoryFilters {
  pair: string;
  side: '' | 'long' | 'short';
  status: '' | CardStatus;
  source: '' | TradeSource;
  from: string;
  to: string;
  sort: HistorySort;
}

export const NO_FILTERS: HistoryFilters = {
  pair: '',
  side: '',
  status: '',
  source: '',
  from: '',
  to: '',
  sort: 'default',
};

/** When the trade was opened, epoch ms: its trade date, else when it was recorded. */
export function openedAtMs(trade: Trade): number {
  const ms = Date.parse(trade.date);
  if (Number.isFinite(ms)) return ms;
  const created = Date.parse(trade.createdAt);
  return Number.isFinite(created) ? created : Number.NEGATIVE_INFINITY;
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Whether any filter (not the sort) narrows the list. */
export const isFiltered = (f: HistoryFilters): boolean =>
  Boolean(f.pair || f.side || f.status || f.source || f.from || f.to);

/**
 * The trades the filters keep, in their input order. A date range keeps trades opened from
 * the start of `from` to the end of `to`, on the trader's calendar (`timeZone`).
 */
export function filterTrades(
  trades: readonly Trade[],
  filters: HistoryFilters,
  timeZone: string,
): Trade[] {
  const fromMs = isDate(filters.from) ? startOfDate(filters.from, timeZone) : null;
  const toMs = isDate(filters.to) ? startOfDate(addDays(filters.to, 1), timeZone) : null;
  return trades.filter((trade) => {
    if (filters.pair && trade.pair !== filters.pair) return false;
    if (filters.side && trade.isLong !== (filters.side === 'long')) return false;
    if (filters.status && cardStatus(trade) !== filters.status) return false;
    if (filters.source && tradeSource(trade) !== filters.source) return false;
    if (fromMs !== null || toMs !== null) {
      const opened = openedAtMs(trade);
      if (fromMs !== null && opened < fromMs) return false;
      if (toMs !== null && opened >= toMs) return false;
    }
    return true;
  });
}

type Key = (trade: Trade) => number | null;

const SORT_KEYS: Record<Exclude<HistorySort, 'default'>, [Key, 1 | -1]> = {
  newest: [openedAtMs, -1],
  oldest: [openedAtMs, 1],
  rDesc: [(t) => t.rMultiple, -1],
  rAsc: [(t) => t.rMultiple, 1],
  pnlDesc: [(t) => t.pnlUsd, -1],
  pnlAsc: [(t) => t.pnlUsd, 1],
};

/**
 * The trades in the chosen order. `default` keeps the input (the journal's: OPEN first, then
 * newest). Trades without the value (no R while open or off-plan) go last; ties keep the
 * input order. Returns a new array.
 */
export function sortTrades(trades: readonly Trade[], sort: HistorySort): Trade[] {
  if (sort === 'default') return [...trades];
  const [key, direction] = SORT_KEYS[sort];
  return trades
    .map((trade, index) => ({ trade, index, value: key(trade) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        if (a.value === b.value) return a.index - b.index;
        return a.value === null ? 1 : -1;
      }
      if (a.value !== b.value) return (a.value - b.value) * direction;
      return a.index - b.index;
    })
    .map((entry) => entry.trade);
}

/** The pairs of the journal, sorted, for the pair filter. */
export const pairsOf = (trades: readonly Trade[]): string[] =>
  [...new Set(trades.map((trade) => trade.pair))].sort();
