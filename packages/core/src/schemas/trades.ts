import { z } from 'zod';
import { DEFAULT_TRADING_PAIR } from '../exchange/symbols.js';
import { tradeMessages } from '../trade/messages.js';
import { tradeLevelsError } from '../trade/levels.js';
import { TRADE_STATUSES } from '../trade/status.js';
import {
  booleanField,
  IdSchema,
  IsoDateTimeSchema,
  nonNegativeAmount,
  numberField,
  textField,
} from './common.js';
import { ClosedTradeStatusSchema, RiskStateSchema } from './risk.js';

/** Trade statuses. */
export const TradeStatusSchema = z.enum(TRADE_STATUSES, {
  error: 'Status must be OPEN, TARGET_HIT or STOPLOSS_HIT',
});

/** A trading pair such as 'BTCUSDT' or 'ETH-USD': upper-cased, 1-30 characters. */
export const PairSchema = textField('Pair', 30)
  .transform((pair) => pair.toUpperCase())
  .pipe(
    z
      .string()
      .min(1, 'Pair is required')
      .regex(/^[A-Z0-9][A-Z0-9/:._-]*$/, 'Pair may contain only letters, digits and / : . _ -'),
  );

const tradeFields = {
  pair: PairSchema.default(DEFAULT_TRADING_PAIR),
  isLong: booleanField('Long/short'),
  /** Dollars per unit, >= 0. */
  entryPrice: nonNegativeAmount('Entry'),
  stopLoss: nonNegativeAmount('Stoploss'),
  takeProfit: nonNegativeAmount('Target'),
  /** Planned reward ÷ risk; the server recomputes it from the prices. */
  riskRewardRatio: nonNegativeAmount('R/R').optional(),
  notes: textField('Notes', 2000).default(''),
  /** Board score when the trade was saved (0 to 2500: 25 cells × 100 points). */
  score: numberField('Score')
    .min(0, 'Score must be 0 or more')
    .max(2500, 'Score is too large')
    .optional(),
  /** When the trade was taken; defaults to the time of saving. */
  date: IsoDateTimeSchema.optional(),
};

/** Prices must be ordered for the side, as the trade form requires (SPEC.md section 5). */
function checkOrder(
  value: { isLong: boolean; entryPrice: number; stopLoss: number; takeProfit: number },
  ctx: z.RefinementCtx,
): void {
  const message = tradeLevelsError({
    isLong: value.isLong,
    stopLoss: value.stopLoss,
    entry: value.entryPrice,
    target: value.takeProfit,
  });
  if (!message) return;
  const entryRule =
    message === tradeMessages.longEntryAboveStop || message === tradeMessages.shortEntryBelowStop;
  ctx.addIssue({ code: 'custom', message, path: [entryRule ? 'entryPrice' : 'takeProfit'] });
}

/** POST /api/trades: a new trade, always saved with status OPEN. */
export const CreateTradeRequestSchema = z
  .object({
    ...tradeFields,
    status: z.literal('OPEN', { error: 'A new trade is saved as OPEN' }).default('OPEN'),
  })
  .superRefine(checkOrder);
export type CreateTradeRequest = z.infer<typeof CreateTradeRequestSchema>;

/**
 * PUT /api/trades/:id: the full trade (allowed while it is OPEN). Status and P/L are not
 * taken here: they change only through the status route, so the risk state stays in step.
 */
export const UpdateTradeRequestSchema = z.object(tradeFields).superRefine(checkOrder);
export type UpdateTradeRequest = z.infer<typeof UpdateTradeRequestSchema>;

/**
 * PUT /api/trades/:id/status {status, profitLoss}. `profitLoss` (dollars) is optional: the
 * server computes it from the trade's own prices (profitLossOnClose) and does not trust it.
 */
export const TradeStatusRequestSchema = z.object({
  status: ClosedTradeStatusSchema,
  profitLoss: numberField('Profit/loss').min(-1e12).max(1e12).optional(),
});
export type TradeStatusRequest = z.infer<typeof TradeStatusRequestSchema>;

/** A trade as the server returns it (SPEC.md section 3). */
export const TradeSchema = z.object({
  id: IdSchema,
  pair: z.string(),
  isLong: z.boolean(),
  entryPrice: z.number(),
  stopLoss: z.number(),
  takeProfit: z.number(),
  riskRewardRatio: z.number(),
  notes: z.string(),
  status: TradeStatusSchema,
  date: IsoDateTimeSchema,
  createdAt: IsoDateTimeSchema,
  /** Dollars per unit; null while OPEN. */
  profitLoss: z.number().nullable(),
  score: z.number().nullable(),
});
export type Trade = z.infer<typeof TradeSchema>;

/** GET /api/trades: a plain list (SPEC.md section 7). */
export const TradeListResponseSchema = z.array(TradeSchema);
export type TradeListResponse = z.infer<typeof TradeListResponseSchema>;

/** PUT /api/trades/:id and /status answer: the trade and the risk state after it. */
export const TradeWithStatsResponseSchema = z.object({
  trade: TradeSchema,
  stats: RiskStateSchema,
});
export type TradeWithStatsResponse = z.infer<typeof TradeWithStatsResponseSchema>;

/** A trade as the browser stores it for anonymous users (SPEC.md section 3, saved locally). */
export const LocalTradeSchema = z.object({
  id: z.union([z.string().max(64), z.number()]),
  timestamp: z.union([z.string().max(40), z.number()]),
  pair: z.string().max(30).default(DEFAULT_TRADING_PAIR),
  type: z.enum(['LONG', 'SHORT']),
  entry: z.union([z.number(), z.string().max(40)]),
  stoploss: z.union([z.number(), z.string().max(40)]),
  target: z.union([z.number(), z.string().max(40)]),
  rr: z.union([z.number(), z.string().max(20)]).optional(),
  score: z.number().optional(),
  status: TradeStatusSchema.default('OPEN'),
  accountSize: z.number().optional(),
  baseTradeSize: z.number().optional(),
  tradeStreak: z.number().optional(),
  slTaken: z.number().optional(),
});
export type LocalTrade = z.infer<typeof LocalTradeSchema>;
