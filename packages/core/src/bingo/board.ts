import type { BingoBoard, BingoCell, BingoState } from '../schemas/bingo.js';
import { isoFromMs } from '../risk/risk-state.js';
import { BINGO_STATE_FORMAT, BOARD_CELL_COUNT, DEFAULT_BOARD_NAME } from './limits.js';
import { starterBingoCells } from './starter-board.js';

/** 25 empty cells: ids 0..24, title '', points 0, not selected. */
export function createBingoCells(): BingoCell[] {
  return Array.from({ length: BOARD_CELL_COUNT }, (_, id) => ({
    id,
    title: '',
    points: 0,
    selected: false,
  }));
}

/** A board of 25 empty cells. `id` comes from the caller (core makes no random ids). */
export function createBoard(id: string, name: string): BingoBoard {
  return { id, name, bingoCells: createBingoCells() };
}

/**
 * The state of a user who has never saved: one 'Default Board' holding the starter cells (so a
 * new trader starts from worded practices with points, not 25 blank cells), current page 0,
 * server version 0. Boards added later start empty ({@link createBoard}).
 *
 * @param boardId id for the first board. @param now epoch ms, stored as `lastModified`.
 */
export function defaultBingoState(boardId: string, now: number): BingoState {
  return {
    bingoPages: [{ id: boardId, name: DEFAULT_BOARD_NAME, bingoCells: starterBingoCells() }],
    currentPageIndex: 0,
    lastModified: isoFromMs(now),
    version: 0,
    formatVersion: BINGO_STATE_FORMAT,
  };
}

/**
 * Name of a new board: 'Board N' with N the board count after adding it, moved up past any
 * name already taken (so [Default Board] → 'Board 2', and never a duplicate).
 */
export function nextBoardName(boards: readonly Pick<BingoBoard, 'name'>[]): string {
  const taken = new Set(boards.map((board) => board.name));
  let n = boards.length + 1;
  while (taken.has(`Board ${n}`)) n += 1;
  return `Board ${n}`;
}

/** The score of a board: the sum of the points of its selected cells (SPEC.md section 1). */
export function boardScore(cells: readonly Pick<BingoCell, 'points' | 'selected'>[]): number {
  return cells.reduce((sum, cell) => (cell.selected ? sum + cell.points : sum), 0);
}

/** The board on screen. Falls back to the first board if the index is out of range. */
export function currentBoard(state: BingoState): BingoBoard {
  const board = state.bingoPages[state.currentPageIndex] ?? state.bingoPages[0];
  if (!board) throw new RangeError('A bingo state has at least one board');
  return board;
}

/** The score of the board on screen. */
export function currentScore(state: BingoState): number {
  return boardScore(currentBoard(state).bingoCells);
}

/** What a cell's tooltip shows: its title or 'Not set', and its points or 0. */
export function cellTooltip(cell: Pick<BingoCell, 'title' | 'points'>): {
  title: string;
  points: number;
} {
  const title = cell.title.trim();
  return {
    title: title === '' ? 'Not set' : title,
    points: Number.isFinite(cell.points) ? cell.points : 0,
  };
}
