import { z } from 'zod';
import { BOARD_CELL_COUNT, CELL_TITLE_MAX_LENGTH } from '../bingo/limits.js';
import { CellPointsSchema } from './bingo.js';
import {
  booleanField,
  IsoDateTimeSchema,
  requiredText,
  textField,
  wholeNumberText,
} from './common.js';
import { text } from './text.js';

/** Longest strategy title, in characters. */
export const STRATEGY_TITLE_MAX_LENGTH = 120;
/** Longest strategy text (a safe subset of Markdown, rendered by the web), in characters. */
export const STRATEGY_BODY_MAX_LENGTH = 20_000;

/** Texts of the monthly strategy (DESIGN.md section 15). */
export const strategyMessages = {
  cellCount: `A strategy board has exactly ${BOARD_CELL_COUNT} cells`,
  monthInvalid: 'Month must be a month as YYYY-MM, e.g. 2026-07',
  notFound: 'This strategy does not exist',
  noneYet: 'No strategy has been published yet',
  monthTaken: 'A strategy is already published for this month',
  deletePublished: 'A published strategy cannot be deleted',
} as const;

/** One cell of a strategy board: shaped as a bingo cell (title, points), without id or tick. */
export const StrategyCellSchema = z.object({
  title: textField('Title', CELL_TITLE_MAX_LENGTH),
  points: CellPointsSchema,
});
export type StrategyCell = z.infer<typeof StrategyCellSchema>;

/** A strategy board: exactly 25 cells, in board order. */
export const StrategyBoardSchema = z
  .array(StrategyCellSchema, { error: 'Board is required' })
  .length(BOARD_CELL_COUNT, strategyMessages.cellCount);

/** A month as 'YYYY-MM' (2000-01 to 2999-12). */
export const StrategyMonthSchema = text('Month', strategyMessages.monthInvalid)
  .trim()
  .regex(/^2\d{3}-(0[1-9]|1[0-2])$/, strategyMessages.monthInvalid);

/** POST /api/admin/strategies: a new draft. */
export const CreateStrategyRequestSchema = z.object({
  title: requiredText('Title', STRATEGY_TITLE_MAX_LENGTH),
  body: textField('Text', STRATEGY_BODY_MAX_LENGTH),
  board: StrategyBoardSchema,
});
export type CreateStrategyRequest = z.infer<typeof CreateStrategyRequestSchema>;

/** PUT /api/admin/strategies/:id: the fields to change; at least one. */
export const UpdateStrategyRequestSchema = z
  .object({
    title: requiredText('Title', STRATEGY_TITLE_MAX_LENGTH).optional(),
    body: textField('Text', STRATEGY_BODY_MAX_LENGTH).optional(),
    board: StrategyBoardSchema.optional(),
  })
  .refine((p) => p.title !== undefined || p.body !== undefined || p.board !== undefined, {
    message: 'Nothing to change: send title, body or board',
  });
export type UpdateStrategyRequest = z.infer<typeof UpdateStrategyRequestSchema>;

/**
 * POST /api/admin/strategies/:id/publish: the month, and whether to mail the subscribers
 * (every verified address whose plan has the monthly strategy); no mail unless asked.
 */
export const PublishStrategyRequestSchema = z.object({
  month: StrategyMonthSchema,
  mailSubscribers: booleanField('Mail subscribers').default(false),
});
export type PublishStrategyRequest = z.infer<typeof PublishStrategyRequestSchema>;

/** `:id` of a strategy (a uuid). */
export const StrategyIdParamsSchema = z.object({
  id: text('Id', strategyMessages.notFound).regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    strategyMessages.notFound,
  ),
});
export type StrategyIdParams = z.infer<typeof StrategyIdParamsSchema>;

/** GET /api/strategies: the archive, newest first. */
export const StrategiesQuerySchema = z.object({
  limit: wholeNumberText('Limit must be a whole number from 1 to 100', 1, 100).default(24),
});
export type StrategiesQuery = z.infer<typeof StrategiesQuerySchema>;

/** A strategy as the API answers it. */
export const StrategySchema = z.object({
  id: z.string(),
  month: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  board: z.array(z.object({ title: z.string(), points: z.number() })),
  state: z.enum(['draft', 'published']),
  publishedAt: IsoDateTimeSchema.nullable(),
  authorName: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type Strategy = z.infer<typeof StrategySchema>;

export const StrategyResponseSchema = z.object({ strategy: StrategySchema });
export type StrategyResponse = z.infer<typeof StrategyResponseSchema>;

/** The publish answer: the strategy and how many subscriber mails were queued (0 unless asked). */
export const PublishStrategyResponseSchema = z.object({
  strategy: StrategySchema,
  mailsQueued: z.number().int(),
});
export type PublishStrategyResponse = z.infer<typeof PublishStrategyResponseSchema>;

export const StrategiesResponseSchema = z.object({ strategies: z.array(StrategySchema) });
export type StrategiesResponse = z.infer<typeof StrategiesResponseSchema>;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A strategy month in words: '2026-07' → 'July 2026' (anything else as it is). */
export function formatStrategyMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

/**
 * A strategy's Markdown as plain text on one line: markers (#, >, -, 1., **, _, `) dropped,
 * a link as its text, whitespace collapsed, and each list item ended with a full stop when it
 * has no end mark of its own (so items do not run into one sentence). For excerpts (mails, the
 * archive, the dashboard).
 */
export function strategyPlainText(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/^\s{0,3}(?:[-*+]|\d+[.)])\s+(.*?)\s*$/gm, (_line, item: string) =>
      /[.!?:;…]$/.test(item) ? item : `${item}.`,
    )
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?)/gm, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The first `max` characters of a strategy's plain text, cut at a word with '…'. Headings are
 * left out (they read as run-on words in one line) unless the text has nothing else.
 */
export function strategyExcerpt(markdown: string, max = 200): string {
  const withoutHeadings = strategyPlainText(markdown.replace(/^\s{0,3}#{1,6}\s.*$/gm, ''));
  const plain = withoutHeadings || strategyPlainText(markdown);
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
