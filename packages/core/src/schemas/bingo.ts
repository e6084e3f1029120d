import { z } from 'zod';
import {
  BINGO_STATE_FORMAT,
  BOARD_CELL_COUNT,
  BOARD_NAME_MAX_LENGTH,
  boardMessages as m,
  CELL_POINTS_MAX,
  CELL_TITLE_MAX_LENGTH,
  PREMIUM_BOARD_LIMIT,
} from '../bingo/limits.js';
import {
  booleanField,
  intField,
  IsoDateTimeSchema,
  numberField,
  textField,
  wholeNumberText,
} from './common.js';
import { SCRIPT_CELL_IDS } from '../script-cells/catalogue.js';
import { text } from './text.js';

/** Points of a cell: a number from 0 to 100 (SPEC.md: number, 0 or more). */
export const CellPointsSchema = numberField('Points')
  .min(0, m.pointsInvalid)
  .max(CELL_POINTS_MAX, m.pointsInvalid);

/** One bingo cell. `id` is its position on the board, 0 to 24. */
export const BingoCellSchema = z.object({
  id: intField('Cell id', 0, BOARD_CELL_COUNT - 1),
  title: textField('Title', CELL_TITLE_MAX_LENGTH),
  points: CellPointsSchema,
  selected: booleanField('Selected'),
  /**
   * A script cell (DESIGN.md section 15): the app ticks it from market data at plan time and
   * the trader cannot tick it by hand. Absent on the trader's own cells.
   */
  script: z.enum(SCRIPT_CELL_IDS, { error: 'Script must be one of the script cells' }).optional(),
});
export type BingoCell = z.infer<typeof BingoCellSchema>;

/** A board id: 1-64 letters, digits, - and _ (issued by the client, e.g. a uuid). */
export const BoardIdSchema = text('Board id', 'Board id is required')
  .trim()
  .min(1, 'Board id is required')
  .max(64, 'Board id is not valid')
  .regex(/^[A-Za-z0-9_-]+$/, 'Board id is not valid');

/** A board name: trimmed, 1-50 characters. */
export const BoardNameSchema = textField('Board name', BOARD_NAME_MAX_LENGTH).min(
  1,
  m.nameRequired,
);

/** A board: exactly 25 cells whose ids are 0..24 in order. */
export const BingoBoardSchema = z.object({
  id: BoardIdSchema,
  name: BoardNameSchema,
  bingoCells: z
    .array(BingoCellSchema, { error: 'Cells are required' })
    .length(BOARD_CELL_COUNT, `A board has exactly ${BOARD_CELL_COUNT} cells`)
    .refine((cells) => cells.every((cell, index) => cell.id === index), {
      message: 'Cell ids must run from 0 to 24 in order',
    }),
});
export type BingoBoard = z.infer<typeof BingoBoardSchema>;

/**
 * The bingo state (SPEC.md section 3). `version` is the server's integer revision used for
 * optimistic concurrency (DESIGN.md section 3: a save carrying a stale version gets 409);
 * SPEC.md's '2.0' marker of the stored format lives in `formatVersion`, filled in when absent.
 */
export const BingoStateSchema = z
  .object({
    bingoPages: z
      .array(BingoBoardSchema, { error: 'Boards are required' })
      .min(1, 'At least one board is required')
      .max(PREMIUM_BOARD_LIMIT, m.tooManyBoards),
    currentPageIndex: intField('Current page', 0, PREMIUM_BOARD_LIMIT - 1),
    lastModified: IsoDateTimeSchema,
    version: intField('Version', 0, Number.MAX_SAFE_INTEGER),
    formatVersion: z.literal(BINGO_STATE_FORMAT).default(BINGO_STATE_FORMAT),
  })
  .refine((s) => s.currentPageIndex < s.bingoPages.length, {
    path: ['currentPageIndex'],
    message: 'Current page must be one of the boards',
  })
  .refine((s) => new Set(s.bingoPages.map((b) => b.id)).size === s.bingoPages.length, {
    path: ['bingoPages'],
    message: 'Board ids must be unique',
  });
export type BingoState = z.infer<typeof BingoStateSchema>;

/** POST /api/bingo/card: the whole state; `version` is the revision the edit started from. */
export const SaveBingoCardRequestSchema = BingoStateSchema;
export type SaveBingoCardRequest = z.input<typeof SaveBingoCardRequestSchema>;

/** GET and POST /api/bingo/card answer: `{ success, data, message? }` (SPEC.md section 7). */
export const BingoCardResponseSchema = z.object({
  success: z.boolean(),
  data: BingoStateSchema,
  message: z.string().optional(),
});
export type BingoCardResponse = z.infer<typeof BingoCardResponseSchema>;

/** `:index` of PATCH /api/bingo/card/cell/:index, 0 to 24 (path params arrive as text). */
export const CellIndexParamsSchema = z.object({
  index: wholeNumberText(m.noSuchCell, 0, BOARD_CELL_COUNT - 1),
});
export type CellIndexParams = z.infer<typeof CellIndexParamsSchema>;

/** The editable fields of a cell; at least one must be present. */
export const CellPatchSchema = z
  .object({
    title: textField('Title', CELL_TITLE_MAX_LENGTH).optional(),
    points: CellPointsSchema.optional(),
    selected: booleanField('Selected').optional(),
    /**
     * Turns the cell into a script cell (quarterly and annual plans; its title and points then
     * come from the catalogue), or back into the trader's own cell with null.
     */
    script: z
      .enum(SCRIPT_CELL_IDS, { error: 'Script must be one of the script cells' })
      .nullable()
      .optional(),
  })
  .refine(
    (p) =>
      p.title !== undefined ||
      p.points !== undefined ||
      p.selected !== undefined ||
      p.script !== undefined,
    { message: 'Nothing to change: send title, points, selected or script' },
  );
export type CellPatch = z.infer<typeof CellPatchSchema>;

/** PATCH /api/bingo/card/cell/:index body; `boardId` defaults to the current board. */
export const PatchCellRequestSchema = z.object({
  cell: CellPatchSchema,
  boardId: BoardIdSchema.optional(),
});
export type PatchCellRequest = z.infer<typeof PatchCellRequestSchema>;
