import type { RMultiple } from '../units/units.js';
import { rMultiple } from '../units/units.js';
import { groupStats } from './stats.js';
import { closedTrades, type AnalyticsTrade } from './trades.js';

/** Per-cell edge: how trades did with the cell ticked against without it. */
export interface CellEdge {
  index: number;
  /** The cell's title in the latest closed trade that had it ticked. */
  title: string;
  tradesWith: number;
  winRateWith: number | null;
  expectancyRWith: RMultiple | null;
  tradesWithout: number;
  winRateWithout: number | null;
  expectancyRWithout: RMultiple | null;
  /** expectancyRWith − expectancyRWithout; null when either side has no trades. */
  edgeR: RMultiple | null;
}

/**
 * The edge of each cell ever ticked on a closed trade, matched by cell index (the server
 * filters by board first when cells must be matched within one board). A trade without a
 * cells snapshot counts in neither side. Sorted by edge, best first; cells without an edge
 * last, by index.
 */
export function byCell(trades: readonly AnalyticsTrade[]): CellEdge[] {
  const withCells = closedTrades(trades).filter((t) => t.cells !== null);
  const titles = new Map<number, string>();
  for (const trade of withCells) {
    for (const cell of trade.cells ?? []) titles.set(cell.index, cell.title);
  }
  const edges = [...titles].map(([index, title]): CellEdge => {
    const ticked = (t: AnalyticsTrade) => (t.cells ?? []).some((c) => c.index === index);
    const withIt = groupStats(withCells.filter(ticked));
    const without = groupStats(withCells.filter((t) => !ticked(t)));
    const edgeR =
      withIt.expectancyR === null || without.expectancyR === null
        ? null
        : rMultiple(withIt.expectancyR - without.expectancyR);
    return {
      index,
      title,
      tradesWith: withIt.trades,
      winRateWith: withIt.winRate,
      expectancyRWith: withIt.expectancyR,
      tradesWithout: without.trades,
      winRateWithout: without.winRate,
      expectancyRWithout: without.expectancyR,
      edgeR,
    };
  });
  return edges.sort(
    (a, b) =>
      (a.edgeR === null ? 1 : 0) - (b.edgeR === null ? 1 : 0) ||
      (b.edgeR ?? 0) - (a.edgeR ?? 0) ||
      a.index - b.index,
  );
}
