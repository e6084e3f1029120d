import { fail, ok, type Result } from '../result.js';
import { isoFromMs } from '../risk/risk-state.js';
import type { BingoCell, BingoState, CellPatch } from '../schemas/bingo.js';
import { normaliseScriptCell } from '../script-cells/board.js';
import {
  BOARD_CELL_COUNT,
  boardMessages as m,
  CELL_POINTS_MAX,
  CELL_TITLE_MAX_LENGTH,
} from './limits.js';

function isCellIndex(index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < BOARD_CELL_COUNT;
}

/** Why a cell edit is refused (edit dialog: title, points min 0), or null when it is fine. */
export function cellPatchError(patch: CellPatch): { field: string; message: string } | null {
  if (patch.title !== undefined && patch.title.trim().length > CELL_TITLE_MAX_LENGTH) {
    return { field: 'title', message: m.titleTooLong };
  }
  const { points } = patch;
  if (
    points !== undefined &&
    !(Number.isFinite(points) && points >= 0 && points <= CELL_POINTS_MAX)
  ) {
    return { field: 'points', message: m.pointsInvalid };
  }
  return null;
}

/**
 * Applies a change to one cell of one board (the edit dialog, a click, or PATCH
 * /api/bingo/card/cell/:index). Titles are trimmed. `boardId` defaults to the current board.
 * Refuses with `VALIDATION_ERROR` for a bad index or value and `NOT_FOUND` for an unknown
 * board. `lastModified` becomes `now` (epoch ms); `version` is left to the server.
 */
export function updateCell(
  state: BingoState,
  cellIndex: number,
  patch: CellPatch,
  options: { now: number; boardId?: string },
): Result<BingoState, 'VALIDATION_ERROR' | 'NOT_FOUND'> {
  if (!isCellIndex(cellIndex)) return fail('VALIDATION_ERROR', m.noSuchCell, 'index');
  const problem = cellPatchError(patch);
  if (problem) return fail('VALIDATION_ERROR', problem.message, problem.field);
  const pageIndex =
    options.boardId === undefined
      ? state.currentPageIndex
      : state.bingoPages.findIndex((board) => board.id === options.boardId);
  const board = state.bingoPages[pageIndex];
  if (!board) return fail('NOT_FOUND', m.noSuchBoard, 'boardId');
  const bingoCells = board.bingoCells.map((cell, index): BingoCell => {
    if (index !== cellIndex) return cell;
    const { script: _stored, ...own } = cell;
    const script = patch.script === undefined ? cell.script : (patch.script ?? undefined);
    // A script cell's title, points and tick are the script's (normaliseScriptCell).
    return normaliseScriptCell({
      ...own,
      ...(patch.title !== undefined && { title: patch.title.trim() }),
      ...(patch.points !== undefined && { points: patch.points }),
      ...(patch.selected !== undefined && { selected: patch.selected }),
      ...(script !== undefined && { script }),
    });
  });
  const bingoPages = state.bingoPages.map((b, i) => (i === pageIndex ? { ...b, bingoCells } : b));
  return ok({ ...state, bingoPages, lastModified: isoFromMs(options.now) });
}

/**
 * Clicking a cell of the current board flips its `selected` flag; a script cell stays as it is.
 *
 * @throws RangeError for an index outside 0..24 (the grid only offers valid ones).
 */
export function toggleCell(state: BingoState, cellIndex: number, now: number): BingoState {
  if (!isCellIndex(cellIndex)) throw new RangeError(`cell index must be 0..24, got ${cellIndex}`);
  const cell = state.bingoPages[state.currentPageIndex]?.bingoCells[cellIndex];
  // The script ticks a script cell; a click does not.
  if (cell?.script !== undefined) return state;
  const result = updateCell(state, cellIndex, { selected: !cell?.selected }, { now });
  if (!result.ok) throw new RangeError(result.message);
  return result.value;
}
