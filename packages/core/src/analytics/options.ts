import type { AnalyticsTrade } from './trades.js';

/** What the analytics filters offer: every pair traded, every board with its latest name. */
export interface AnalyticsOptions {
  pairs: string[];
  boards: { id: string; name: string }[];
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The filters' options from all of a trader's trades (not only the filtered ones): pairs
 * alphabetical; boards by name, each named as in its latest opened trade.
 */
export function filterOptions(trades: readonly AnalyticsTrade[]): AnalyticsOptions {
  const pairs = new Set<string>();
  const boards = new Map<string, { name: string; at: string }>();
  for (const trade of trades) {
    pairs.add(trade.pair);
    const { boardId, boardName } = trade;
    if (!boardId) continue;
    const known = boards.get(boardId);
    if (!known || trade.openedAt >= known.at) {
      boards.set(boardId, { name: boardName ?? known?.name ?? '', at: trade.openedAt });
    }
  }
  return {
    pairs: [...pairs].sort(byText),
    boards: [...boards]
      .map(([id, { name }]) => ({ id, name }))
      .sort((a, b) => byText(a.name, b.name) || byText(a.id, b.id)),
  };
}
