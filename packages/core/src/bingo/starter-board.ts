import { fail, ok, type Result } from '../result.js';
import { isoFromMs } from '../risk/risk-state.js';
import type { BingoBoard, BingoCell, BingoState } from '../schemas/bingo.js';
import { boardMessages } from './limits.js';

/** What a starter cell says: a practice and the points it is worth. */
export interface StarterCell {
  readonly title: string;
  /** Points added to the score when the cell is ticked: 1 to 3. */
  readonly points: number;
}

/**
 * The 25 cells of a new trader's first board: good practices of a discretionary crypto trader,
 * in five rows (market context, setup, risk, execution, discipline). The practices that guard
 * the account (a stop at invalidation, risk per trade, a playbook setup, no revenge trade) are
 * worth 3 points, the ones that sharpen a trade 2, the checks 1. They add up to 40, so a trader
 * who follows most of them reaches BINGO (20) and one who skips the risk rows stays in the low
 * tiers (6, 11, 16).
 */
export const STARTER_CELLS: readonly StarterCell[] = [
  { title: 'Trend on the daily agrees', points: 2 },
  { title: 'Key level marked on the chart', points: 1 },
  { title: 'Checked the news calendar', points: 1 },
  { title: 'Funding not extreme', points: 1 },
  { title: 'BTC not against the trade', points: 1 },

  { title: 'Setup is in my playbook', points: 3 },
  { title: 'Entry at a level, not mid-range', points: 1 },
  { title: 'Waited for the candle close', points: 2 },
  { title: 'Volume confirms the move', points: 1 },
  { title: 'Trade idea written down', points: 1 },

  { title: 'Stop beyond structure', points: 3 },
  { title: 'Risk ≤ 1% of account', points: 3 },
  { title: 'Target at least 2R', points: 2 },
  { title: 'Size worked out from the stop', points: 2 },
  { title: 'Liquidation far past the stop', points: 1 },

  { title: 'Stop order placed with entry', points: 2 },
  { title: 'Exit plan before entry', points: 1 },
  { title: 'Did not chase the move', points: 2 },
  { title: 'Leverage within my plan', points: 1 },
  { title: 'Spread and liquidity fine', points: 1 },

  { title: 'No revenge trade', points: 3 },
  { title: 'Under my daily loss limit', points: 2 },
  { title: 'Calm, rested, not tilted', points: 1 },
  { title: 'Within max open positions', points: 1 },
  { title: 'Screenshot saved for the journal', points: 1 },
];

/** Why {@link loadStarterBoard} refused. */
export const starterBoardMessages = {
  notEmpty: 'This board already has cells of its own. A starter board only fills an empty board.',
} as const;

/**
 * The starter board's 25 cells: ids 0..24 with the titles and points of {@link STARTER_CELLS},
 * none selected. Fresh objects on every call.
 */
export function starterBingoCells(): BingoCell[] {
  return STARTER_CELLS.map(({ title, points }, id) => ({ id, title, points, selected: false }));
}

/**
 * Whether a board is empty: every cell has a blank (trimmed) title and 0 points. Selected flags
 * do not count, since an empty cell adds nothing to the score whether ticked or not.
 */
export function isBoardEmpty(board: Pick<BingoBoard, 'bingoCells'>): boolean {
  return board.bingoCells.every((cell) => cell.title.trim() === '' && cell.points === 0);
}

/**
 * Whether a board is as the app made it: nothing ticked, and every cell either empty or the
 * starter cell of its place. A signed-in trader's first board and an anonymous one are made
 * this way, so merging two journals may drop such a board without losing anybody's work.
 */
export function isBoardUntouched(board: Pick<BingoBoard, 'bingoCells'>): boolean {
  if (board.bingoCells.some((cell) => cell.selected)) return false;
  if (isBoardEmpty(board)) return true;
  return board.bingoCells.every((cell, index) => {
    const starter = STARTER_CELLS[index];
    return starter !== undefined && cell.title === starter.title && cell.points === starter.points;
  });
}

/**
 * Fills the empty board at `boardIndex` with the starter cells. A board with any title or
 * points is refused (`VALIDATION_ERROR`), so a trader's own cells are never overwritten;
 * an unknown board is `NOT_FOUND`. `lastModified` becomes `now` (epoch ms); `version` is left
 * to the server.
 */
export function loadStarterBoard(
  state: BingoState,
  boardIndex: number,
  now: number,
): Result<BingoState, 'VALIDATION_ERROR' | 'NOT_FOUND'> {
  const board = Number.isInteger(boardIndex) ? state.bingoPages[boardIndex] : undefined;
  if (!board) return fail('NOT_FOUND', boardMessages.noSuchBoard);
  if (!isBoardEmpty(board)) return fail('VALIDATION_ERROR', starterBoardMessages.notEmpty);
  const bingoCells = starterBingoCells();
  const bingoPages = state.bingoPages.map((b, i) => (i === boardIndex ? { ...b, bingoCells } : b));
  return ok({ ...state, bingoPages, lastModified: isoFromMs(now) });
}
