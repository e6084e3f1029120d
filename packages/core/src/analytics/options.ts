import type { AnalyticsTrade } from './trades.js';

/** What the analytics filters offer: every pair traded, every board with its latest name. */
export interface AnalyticsOptions {
  pairs: string[];
  boards: { id: string; name: string }[];
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** How a board the trader has since deleted is named in the filter. */
export const deletedBoardName = (name: string): string => `${name} (deleted)`;

/**
 * The filters' options from all of a trader's trades (not only the filtered ones): pairs
 * alphabetical; boards by name, each named as in its latest opened trade. Given the trader's
 * `current` boards, a board that still exists takes its current name and one that no longer
 * does says so, so no two entries read the same (a deleted "Scalps" beside a new "Scalps").
 */
export function filterOptions(
  trades: readonly AnalyticsTrade[],
  current?: readonly { id: string; name: string }[],
): AnalyticsOptions {
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
  const now = current && new Map(current.map((b) => [b.id, b.name]));
  const named = [...boards].map(([id, { name }]) => {
    if (!now) return { id, name };
    const currentName = now.get(id);
    return { id, name: currentName ?? deletedBoardName(name) };
  });
  named.sort((a, b) => byText(a.name, b.name) || byText(a.id, b.id));
  // Two deleted boards of one name: numbered, so each entry can be told apart.
  const seen = new Map<string, number>();
  for (const board of named) {
    const n = (seen.get(board.name) ?? 0) + 1;
    seen.set(board.name, n);
    if (n > 1) board.name = `${board.name} ${n}`;
  }
  return { pairs: [...pairs].sort(byText), boards: named };
}
