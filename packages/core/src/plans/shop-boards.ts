import { createBingoCells } from '../bingo/board.js';
import { BOARD_NAME_MAX_LENGTH, boardMessages } from '../bingo/limits.js';
import { addBoard, type BoardActor } from '../bingo/navigation.js';
import { premiumLockTexts } from './premium-lock.js';
import { fail, ok, type Result } from '../result.js';
import type { BingoCell, BingoState } from '../schemas/bingo.js';
import type { StrategyCell } from '../schemas/strategies.js';
import { SCRIPT_CELLS } from '../script-cells/catalogue.js';

/** The name of the board the shop makes from the script cells. */
export const SCRIPT_BOARD_NAME = 'Script cells';

/** Texts of the boards the shop and the monthly strategy add (DESIGN.md section 15). */
export const shopBoardMessages = {
  loaded: (name: string) => `Board "${name}" added to your boards and opened.`,
  needsPremium: 'Strategy boards come with premium. Upgrade to load them onto your boards.',
} as const;

/**
 * A board name from a title: whitespace collapsed, at most the board-name limit (cut at a word
 * with '…' when longer), never empty.
 */
export function boardNameFromTitle(title: string, fallback = 'Strategy board'): string {
  const name = title.replace(/\s+/g, ' ').trim();
  if (name === '') return fallback;
  if (name.length <= BOARD_NAME_MAX_LENGTH) return name;
  const cut = name.slice(0, BOARD_NAME_MAX_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > BOARD_NAME_MAX_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A strategy board's 25 cells as bingo cells: ids 0..24, its titles and points, unticked. */
export function strategyBingoCells(board: readonly StrategyCell[]): BingoCell[] {
  return createBingoCells().map((empty, id) => {
    const cell = board[id];
    return cell ? { ...empty, title: cell.title, points: cell.points } : empty;
  });
}

/**
 * The shop's script-cell board: the five script cells first (`script` set, the catalogue's
 * label and points, unticked), the other twenty cells empty for the trader's own.
 */
export function scriptBoardCells(): BingoCell[] {
  return createBingoCells().map((empty, id) => {
    const script = SCRIPT_CELLS[id];
    return script
      ? { ...empty, title: script.label, points: script.points, script: script.id }
      : empty;
  });
}

/**
 * Appends a board named `name` holding `cells` and shows it, by the rules of adding a board
 * (premium only, up to the board limit). `boardId` comes from the caller.
 */
export function addFilledBoard(
  state: BingoState,
  boardId: string,
  name: string,
  cells: readonly BingoCell[],
  actor: BoardActor,
): Result<BingoState, 'PREMIUM_REQUIRED' | 'VALIDATION_ERROR' | 'NOT_FOUND'> {
  if (!actor.isPremium) return fail('PREMIUM_REQUIRED', premiumLockTexts.defaultMessage);
  const added = addBoard(state, boardId, actor);
  if (!added.ok) return added;
  const boardName = boardNameFromTitle(name);
  if (boardName === '') return fail('VALIDATION_ERROR', boardMessages.nameRequired);
  const bingoPages = added.value.bingoPages.map((board) =>
    board.id === boardId
      ? { ...board, name: boardName, bingoCells: cells.map((cell, id) => ({ ...cell, id })) }
      : board,
  );
  return ok({ ...added.value, bingoPages });
}
