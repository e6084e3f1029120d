import type { Trade } from '@tb/core';
import { useMemo, useState } from 'react';
import {
  filterTrades,
  NO_FILTERS,
  pairsOf,
  sortTrades,
  type HistoryFilters,
} from '../lib/history-view';

/** How many cards the history shows at first, and adds with each "Show more". */
export const HISTORY_PAGE_SIZE = 50;

export interface HistoryView {
  filters: HistoryFilters;
  change: (changes: Partial<HistoryFilters>) => void;
  reset: () => void;
  pairs: string[];
  /** The cards on screen: the first `shown` of the matching trades. */
  visible: Trade[];
  /** How many trades match the filters. */
  matching: number;
  showMore: () => void;
}

/**
 * The Trade History's filters, sort and paging over the loaded journal. Filtering and sorting
 * are memoised on the trades and the filters (5,000 trades sort in a few milliseconds); only a
 * page of cards is rendered, and a change of filter starts again from the first page.
 */
export function useHistoryView(trades: readonly Trade[], timeZone: string): HistoryView {
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  const [shown, setShown] = useState(HISTORY_PAGE_SIZE);
  const pairs = useMemo(() => pairsOf(trades), [trades]);
  const matches = useMemo(
    () => sortTrades(filterTrades(trades, filters, timeZone), filters.sort),
    [trades, filters, timeZone],
  );
  const visible = useMemo(() => matches.slice(0, shown), [matches, shown]);
  return {
    filters,
    change: (changes) => {
      setFilters((current) => ({ ...current, ...changes }));
      setShown(HISTORY_PAGE_SIZE);
    },
    reset: () => {
      setFilters(NO_FILTERS);
      setShown(HISTORY_PAGE_SIZE);
    },
    pairs,
    visible,
    matching: matches.length,
    showMore: () => setShown((count) => count + HISTORY_PAGE_SIZE),
  };
}
