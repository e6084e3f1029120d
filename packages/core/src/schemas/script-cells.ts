import { z } from 'zod';
import { symbolBase } from '../exchange/symbols.js';
import { SCRIPT_CELL_IDS } from '../script-cells/catalogue.js';
import { IsoDateTimeSchema } from './common.js';
import { TIMEFRAMES } from './exchange-requests.js';
import { PairSchema } from './trades.js';

/**
 * GET /api/script-cells?pair=&isLong=&timeframe=: the trade's pair and side as the trade
 * schemas name them (`isLong` 'true' or 'false', query values being text) and the timeframe of
 * its volume candles (1h unless named). A pair must name a coin ('BTCUSDT', 'ETH-USD', 'SOL').
 */
export const ScriptCellsQuerySchema = z.object({
  pair: PairSchema.refine(
    (pair) => symbolBase(pair) !== null,
    'Pair must name a coin, like BTCUSDT',
  ),
  isLong: z
    .enum(['true', 'false'], { error: 'Long/short must be true or false' })
    .transform((value) => value === 'true'),
  timeframe: z
    .enum(TIMEFRAMES, { error: `Timeframe must be one of ${TIMEFRAMES.join(', ')}` })
    .default('1h'),
});
export type ScriptCellsQuery = z.infer<typeof ScriptCellsQuerySchema>;

/** One script cell as the script ticked it: the catalogue's cell with what it found. */
export const ScriptCellValueSchema = z.object({
  id: z.enum(SCRIPT_CELL_IDS),
  label: z.string(),
  rule: z.string(),
  points: z.number(),
  ticked: z.boolean(),
  /** The number the script saw, in `unit`; null when there was not enough data. */
  value: z.number().nullable(),
  unit: z.string(),
  /** The data the rule used, or why it could not decide. */
  detail: z.string(),
});
export type ScriptCellValue = z.infer<typeof ScriptCellValueSchema>;

/** The script cells of the caller's plan for one planned trade, in board order. */
export const ScriptCellsResponseSchema = z.object({
  pair: z.string(),
  isLong: z.boolean(),
  timeframe: z.enum(TIMEFRAMES),
  cells: z.array(ScriptCellValueSchema),
  evaluatedAt: IsoDateTimeSchema,
});
export type ScriptCellsResponse = z.infer<typeof ScriptCellsResponseSchema>;
