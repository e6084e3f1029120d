import { SCRIPT_CELL_IDS, scriptCellById, type ScriptCellId } from '../script-cells/catalogue.js';
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
  /** The cell's index in the latest closed trade that had it ticked. */
  index: number;
  /**
   * The cell's title in the latest closed trade that had it ticked; a script cell's label in
   * the catalogue (whatever the board called it).
   */
  title: string;
  /** The script cell (DESIGN.md section 15) this row counts; null for a cell ticked by hand. */
  script: ScriptCellId | null;
  tradesWith: number;
  /** Of `tradesWith`: won, and lost (the rest broke even). */
  winsWith: number;
  lossesWith: number;
  /** winsWith / tradesWith (a breakeven trade counts in the sample, not as a win). */
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

/** Where the script cells' bits start in a trade's seen-set (board cells use bits 0..24). */
const SCRIPT_BIT = 25;

/**
 * The script a snapshot cell was ticked by, when it names one of the catalogue's (an id the
 * catalogue no longer lists counts as a cell ticked by hand).
 */
function scriptOf(cell: { script?: unknown }): ScriptCellId | null {
  const id = cell.script;
  return typeof id === 'string' && scriptCellById(id) ? (id as ScriptCellId) : null;
}

/**
 * The edge of each cell ever ticked on a closed trade, matched by cell index (the server
 * filters by board first when cells must be matched within one board); a cell the script
 * ticked is matched by its script id instead, wherever it sat on the board, and titled by the
 * catalogue. A trade without a cells snapshot counts in neither side. Sorted by edge, best
 * first; cells without an edge last, by index.
 */
export function byCell(trades: readonly AnalyticsTrade[]): CellEdge[] {
  const all = emptyTotals();
  const cells = new Map<
    number | ScriptCellId,
    { index: number; title: string; script: ScriptCellId | null; totals: GroupTotals }
  >();
  for (const trade of closedTrades(trades)) {
    if (trade.cells === null) continue;
    addToTotals(all, trade);
    // A snapshot lists each cell once; a repeated cell counts once all the same (board cells
    // are 0..24 and the five scripts 25..29: one bit each; a larger index is checked by
    // looking back).
    let seen = 0;
    for (const [position, cell] of trade.cells.entries()) {
      const { index } = cell;
      const script = scriptOf(cell);
      if (script !== null) {
        const bit = 1 << (SCRIPT_BIT + SCRIPT_CELL_IDS.indexOf(script));
        if (seen & bit) continue;
        seen |= bit;
      } else if (index < SCRIPT_BIT) {
        if (seen & (1 << index)) continue;
        seen |= 1 << index;
      } else if (
        trade.cells.findIndex((c) => c.index === index && scriptOf(c) === null) !== position
      ) {
        continue;
      }
      const key = script ?? index;
      const entry = cells.get(key) ?? { index, title: '', script, totals: emptyTotals() };
      entry.index = index;
      entry.title = script === null ? cell.title : (scriptCellById(script)?.label ?? cell.title);
      addToTotals(entry.totals, trade);
      cells.set(key, entry);
    }
  }
  const edges = [...cells.values()].map(({ index, title, script, totals }): CellEdge => {
    const withIt = statsOfTotals(totals);
    const without = statsOfTotals(subtractTotals(all, totals));
    const edgeR =
      withIt.expectancyR === null || without.expectancyR === null
        ? null
        : rMultiple(withIt.expectancyR - without.expectancyR);
    return {
      index,
      title,
      script,
      tradesWith: withIt.trades,
      winsWith: totals.wins,
      lossesWith: totals.losses,
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
      a.index - b.index ||
      (a.script ?? '').localeCompare(b.script ?? ''),
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
