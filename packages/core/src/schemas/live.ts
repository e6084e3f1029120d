import { z } from 'zod';
import { IdSchema, intField, positiveAmount } from './common.js';
import { TradeSchema } from './trades.js';

/**
 * The live trading loop's actions on a placed trade and on the exchange's unjournaled fills
 * (DESIGN.md section 9).
 */

/** POST /api/trades/:id/stop: the new stop price of the exchange's stop order. */
export const MoveStopRequestSchema = z.object({ stopLoss: positiveAmount('Stoploss') });
export type MoveStopRequest = z.infer<typeof MoveStopRequestSchema>;

/** POST /api/trades/:id/stop answer: the trade with its live state (the moved `stopPrice`). */
export const TradeResponseSchema = z.object({ trade: TradeSchema });
export type TradeResponse = z.infer<typeof TradeResponseSchema>;

/** A position on the exchange the journal does not know (core roundTrips). */
export const UnjournaledTripSchema = z.object({
  /** The first fill's tid (`tid:flip` for a trip a flipping fill opened). */
  id: z.string(),
  pair: z.string(),
  coin: z.string(),
  isLong: z.boolean(),
  entryPrice: z.number(),
  /** Null while the position is still open. */
  exitPrice: z.number().nullable(),
  size: z.number(),
  feesUsd: z.number(),
  /** Realised P/L minus fees, USD; null while open. */
  pnlUsd: z.number().nullable(),
  openedAt: z.number(),
  closedAt: z.number().nullable(),
  tids: z.array(z.number().int()),
});
export type UnjournaledTripView = z.infer<typeof UnjournaledTripSchema>;

/** GET /api/exchange/unjournaled. */
export const UnjournaledResponseSchema = z.object({ trips: z.array(UnjournaledTripSchema) });
export type UnjournaledResponse = z.infer<typeof UnjournaledResponseSchema>;

/** The fills of one trip, by their exchange trade ids. */
const TidsSchema = z
  .array(intField('Fill id', 0, Number.MAX_SAFE_INTEGER), {
    error: (issue) =>
      issue.input === undefined ? 'Fills are required' : 'Fills must be a list of fill ids',
  })
  .min(1, 'Choose the fills of a trip')
  .max(1000, 'At most 1000 fills at a time');

/** POST /api/exchange/unjournaled/attach: close an OPEN journal trade with a trip's fills. */
export const AttachFillsRequestSchema = z.object({
  tids: TidsSchema,
  tradeId: IdSchema,
});
export type AttachFillsRequest = z.infer<typeof AttachFillsRequestSchema>;

/** POST /api/exchange/unjournaled/import: a closed trip as a new verified trade. */
export const ImportFillsRequestSchema = z.object({
  tids: TidsSchema,
  stopLoss: positiveAmount('Stoploss'),
  takeProfit: positiveAmount('Target'),
});
export type ImportFillsRequest = z.infer<typeof ImportFillsRequestSchema>;

/** POST /api/exchange/unjournaled/dismiss: hide fills from the unjournaled list. */
export const DismissFillsRequestSchema = z.object({ tids: TidsSchema });
export type DismissFillsRequest = z.infer<typeof DismissFillsRequestSchema>;
