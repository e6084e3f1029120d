import type { RMultiple } from '../units/units.js';
import { rMultiple } from '../units/units.js';
import type { Interval } from './sample.js';
import {
  addToTotals,
  emptyTotals,
  statsOfTotals,
  subtractTotals,
  type GroupTotals,
} from './stats.js';
import { closedTrades, type AnalyticsTrade } from './trades.js';

/** Per-cell edge: how trades did with the cell ticked against without it. */
export interface CellEdge {
  index: number;
  /** The cell's title in the latest closed trade that had it ticked. */
  title: string;
  tradesWith: number;
  winRateWith: number | null;
  expectancyRWith: RMultiple | null;
  /** 95 % intervals of the side with the cell (Wilson; Student's t in R). */
  winRateWithCi: Interval | null;
  expectancyRWithCi: Interval | null;
  tradesWithout: number;
  winRateWithout: number | null;
  expectancyRWithout: RMultiple | null;
  winRateWithoutCi: Interval | null;
  expectancyRWithoutCi: Interval | null;
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
  const all = emptyTotals();
  const cells = new Map<number, { title: string; totals: GroupTotals }>();
  for (const trade of closedTrades(trades)) {
    if (trade.cells === null) continue;
    addToTotals(all, trade);
    // A snapshot lists each cell once; a repeated index counts once all the same (board cells
    // are 0..24: one bit each; a larger index is checked by looking back).
    let seen = 0;
    for (const [position, cell] of trade.cells.entries()) {
      const { index } = cell;
      if (index < 31) {
        if (seen & (1 << index)) continue;
        seen |= 1 << index;
      } else if (trade.cells.findIndex((c) => c.index === index) !== position) {
        continue;
      }
      const entry = cells.get(cell.index) ?? { title: cell.title, totals: emptyTotals() };
      entry.title = cell.title;
      addToTotals(entry.totals, trade);
      cells.set(cell.index, entry);
    }
  }
  const edges = [...cells].map(([index, { title, totals }]): CellEdge => {
    const withIt = statsOfTotals(totals);
    const without = statsOfTotals(subtractTotals(all, totals));
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
      winRateWithCi: withIt.winRateCi,
      expectancyRWithCi: withIt.expectancyRCi,
      tradesWithout: without.trades,
      winRateWithout: without.winRate,
      expectancyRWithout: without.expectancyR,
      winRateWithoutCi: without.winRateCi,
      expectancyRWithoutCi: without.expectancyRCi,
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

/** A cell's edge on one board: cells are matched by index within a board (DESIGN.md §8). */
export interface BoardCellEdge extends CellEdge {
  /** null for trades recorded before boards were kept with trades. */
  boardId: string | null;
  boardName: string | null;
}

/**
 * The per-cell edge of each board, the board with the most closed trades first (a cell is
 * compared only with trades taken on the same board). Within a board, sorted as byCell.
 */
export function byCellPerBoard(trades: readonly AnalyticsTrade[]): BoardCellEdge[] {
  const boards = new Map<string | null, { name: string | null; trades: AnalyticsTrade[] }>();
  for (const trade of closedTrades(trades)) {
    const id = trade.boardId ?? null;
    const board = boards.get(id) ?? { name: null, trades: [] };
    board.name = trade.boardName ?? board.name;
    board.trades.push(trade);
    boards.set(id, board);
  }
  return [...boards]
    .sort(([, a], [, b]) => b.trades.length - a.trades.length)
    .flatMap(([boardId, board]) =>
      byCell(board.trades).map((edge) => ({ ...edge, boardId, boardName: board.name })),
    );
}
