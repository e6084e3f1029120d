/** Cells on every board (SPEC.md section 9). */
export const BOARD_CELL_COUNT = 25;
/** Name of the first board (DESIGN.md). */
export const DEFAULT_BOARD_NAME = 'Default Board';
/** Longest board name, in characters. */
export const BOARD_NAME_MAX_LENGTH = 50;
/** Longest cell title, in characters. */
export const CELL_TITLE_MAX_LENGTH = 100;
/** Highest points a cell may carry (the score of a board tops out at 20 anyway). */
export const CELL_POINTS_MAX = 100;
/** Boards a free user may have (DESIGN.md). */
export const FREE_BOARD_LIMIT = 1;
/** "Infinite boards" for premium, bounded so one saved state stays a sane size. */
export const PREMIUM_BOARD_LIMIT = 100;
/** Format marker of the stored bingo state (SPEC.md section 3: version '2.0'). */
export const BINGO_STATE_FORMAT = '2.0';

/** Texts of the board rules. */
export const boardMessages = {
  nameRequired: 'Board name cannot be empty',
  nameTooLong: `Board name must be at most ${BOARD_NAME_MAX_LENGTH} characters`,
  lastBoard: 'You cannot delete your only board',
  firstBoard: 'The first board cannot be deleted',
  tooManyBoards: `You can have at most ${PREMIUM_BOARD_LIMIT} boards`,
  noSuchBoard: 'This board does not exist',
  noSuchCell: 'A board has cells 0 to 24',
  titleTooLong: `Title must be at most ${CELL_TITLE_MAX_LENGTH} characters`,
  pointsInvalid: `Points must be a number from 0 to ${CELL_POINTS_MAX}`,
  staleVersion: 'Your boards were changed in another window. Reload to get the latest version.',
} as const;
