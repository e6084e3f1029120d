import { premiumLockTexts } from '../plans/premium-lock.js';
import { fail, ok, type Result } from '../result.js';
import { isoFromMs } from '../risk/risk-state.js';
import type { BingoState } from '../schemas/bingo.js';
import { createBoard, nextBoardName } from './board.js';
import {
  BOARD_NAME_MAX_LENGTH,
  boardMessages as m,
  FREE_BOARD_LIMIT,
  PREMIUM_BOARD_LIMIT,
} from './limits.js';

type BoardCode = 'PREMIUM_REQUIRED' | 'VALIDATION_ERROR' | 'NOT_FOUND';

/** Who is acting and when: premium unlocks several boards, renames and deletes. */
export interface BoardActor {
  isPremium: boolean;
  /** Epoch milliseconds, stored as `lastModified`. */
  now: number;
}

/** Shows the board at `index`. */
export function selectBoard(
  state: BingoState,
  index: number,
  now: number,
): Result<BingoState, 'NOT_FOUND'> {
  if (!Number.isInteger(index) || !state.bingoPages[index]) return fail('NOT_FOUND', m.noSuchBoard);
  if (index === state.currentPageIndex) return ok(state);
  return ok({ ...state, currentPageIndex: index, lastModified: isoFromMs(now) });
}

/** The previous button is disabled on the first board. */
export function canGoToPreviousBoard(state: BingoState): boolean {
  return state.currentPageIndex > 0;
}

/** The shared navigation disables next on the last board (the bingo widget adds one instead). */
export function canGoToNextBoard(state: BingoState): boolean {
  return state.currentPageIndex < state.bingoPages.length - 1;
}

/** Whether one more board may be added: premium only, up to 100 boards. */
export function canAddBoard(state: BingoState, isPremium: boolean): boolean {
  const limit = isPremium ? PREMIUM_BOARD_LIMIT : FREE_BOARD_LIMIT;
  return state.bingoPages.length < limit;
}

/** Appends an empty board named 'Board N' and shows it. `boardId` comes from the caller. */
export function addBoard(
  state: BingoState,
  boardId: string,
  actor: BoardActor,
): Result<BingoState, BoardCode> {
  if (!actor.isPremium) return fail('PREMIUM_REQUIRED', premiumLockTexts.boardsMessage);
  if (!canAddBoard(state, true)) return fail('VALIDATION_ERROR', m.tooManyBoards);
  const bingoPages = [...state.bingoPages, createBoard(boardId, nextBoardName(state.bingoPages))];
  return ok({
    ...state,
    bingoPages,
    currentPageIndex: bingoPages.length - 1,
    lastModified: isoFromMs(actor.now),
  });
}

/** The bingo widget's next: moves one board on, or at the last board adds a new one. */
export function goToNextBoard(
  state: BingoState,
  newBoardId: string,
  actor: BoardActor,
): Result<BingoState, BoardCode> {
  if (canGoToNextBoard(state)) return selectBoard(state, state.currentPageIndex + 1, actor.now);
  return addBoard(state, newBoardId, actor);
}

/** Previous: one board back; stays put on the first board. */
export function goToPreviousBoard(state: BingoState, now: number): BingoState {
  if (!canGoToPreviousBoard(state)) return state;
  return { ...state, currentPageIndex: state.currentPageIndex - 1, lastModified: isoFromMs(now) };
}

/**
 * Whether the board at `index` may be deleted: never the only board, and from the board
 * navigation never the first board (SPEC.md section 4).
 */
export function canDeleteBoard(state: BingoState, index: number, fromNavigation = false): boolean {
  if (!state.bingoPages[index] || state.bingoPages.length <= 1) return false;
  return !(fromNavigation && index === 0);
}

/**
 * Deletes a board (premium). The current page stays on the same board when another one is
 * removed, and moves to the board that takes the deleted one's place (or the new last one).
 */
export function deleteBoard(
  state: BingoState,
  index: number,
  actor: BoardActor & { fromNavigation?: boolean },
): Result<BingoState, BoardCode> {
  if (!state.bingoPages[index]) return fail('NOT_FOUND', m.noSuchBoard);
  if (!actor.isPremium) return fail('PREMIUM_REQUIRED', premiumLockTexts.boardsMessage);
  if (state.bingoPages.length <= 1) return fail('VALIDATION_ERROR', m.lastBoard);
  if (!canDeleteBoard(state, index, actor.fromNavigation))
    return fail('VALIDATION_ERROR', m.firstBoard);
  const bingoPages = state.bingoPages.filter((_, i) => i !== index);
  const current = state.currentPageIndex;
  const currentPageIndex = index < current ? current - 1 : Math.min(current, bingoPages.length - 1);
  return ok({ ...state, bingoPages, currentPageIndex, lastModified: isoFromMs(actor.now) });
}

/**
 * Renames a board (premium). The name is trimmed; an unchanged name returns the same state
 * object (SPEC.md: save only when changed). Empty or over 50 characters is refused.
 */
export function renameBoard(
  state: BingoState,
  index: number,
  name: string,
  actor: BoardActor,
): Result<BingoState, BoardCode> {
  const board = state.bingoPages[index];
  if (!board) return fail('NOT_FOUND', m.noSuchBoard);
  const trimmed = name.trim();
  if (trimmed === board.name) return ok(state);
  if (!actor.isPremium) return fail('PREMIUM_REQUIRED', premiumLockTexts.boardsMessage);
  if (trimmed === '') return fail('VALIDATION_ERROR', m.nameRequired, 'name');
  if (trimmed.length > BOARD_NAME_MAX_LENGTH)
    return fail('VALIDATION_ERROR', m.nameTooLong, 'name');
  const bingoPages = state.bingoPages.map((b, i) => (i === index ? { ...b, name: trimmed } : b));
  return ok({ ...state, bingoPages, lastModified: isoFromMs(actor.now) });
}
