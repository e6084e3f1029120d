import { z } from 'zod';
import { SCRIPT_CELL_IDS } from '../script-cells/catalogue.js';
import { DEFAULT_TRADING_PAIR } from '../exchange/symbols.js';
import { TIMEFRAMES } from './exchange-requests.js';
import { tradeMessages } from '../trade/messages.js';
import { riskRewardRatio, tradeLevelsError } from '../trade/levels.js';
import { levelsRangeError } from '../trade/open-trade.js';
import { TRADE_STATUSES } from '../trade/status.js';
import {
  booleanField,
  IdSchema,
  intField,
  IsoDateTimeSchema,
  nonNegativeAmount,
  numberField,
  positiveAmount,
  textField,
} from './common.js';
import { text } from './text.js';
import { BOARD_CELL_COUNT, CELL_POINTS_MAX } from '../bingo/limits.js';
import { ClosedTradeStatusSchema, RiskStateSchema } from './risk.js';
import { PriceSchema, RMultipleSchema, UsdSchema } from '../units/units.js';

/** Trade statuses. */
export const TradeStatusSchema = z.enum(TRADE_STATUSES, {
  error: 'Status must be OPEN, TARGET_HIT or STOPLOSS_HIT',
});

/** A trading pair such as 'BTCUSDT' or 'ETH-USD': upper-cased, 1-30 characters. */
export const PairSchema = textField('Pair', 30)
  .transform((pair) => pair.toUpperCase())
  .pipe(
    text('Pair')
      .min(1, 'Pair is required')
      .regex(/^[A-Z0-9][A-Z0-9/:._-]*$/, 'Pair may contain only letters, digits and / : . _ -'),
  );

/** A ticked cell as recorded with a trade (DESIGN.md section 7). */
export const CellSnapshotSchema = z.object({
  index: intField('Cell index', 0, BOARD_CELL_COUNT - 1),
  title: z.string(),
  points: z.number(),
  /** Set when the script ticked this cell at plan time (DESIGN.md section 15). */
  script: z.enum(SCRIPT_CELL_IDS).optional(),
  /** The number the script saw, in its catalogue entry's unit; only with `script`. */
  value: z.number().nullable().optional(),
});

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
  /**
   * Board score when the trade was saved. Ignored by the server, which takes the score and
   * the ticked cells from the stored board; kept so older clients are not refused.
   */
  score: numberField('Score')
    .min(0, 'Score must be 0 or more')
    .max(2500, 'Score is too large')
    .optional(),
  /** When the trade was taken; defaults to the time of saving. */
  date: IsoDateTimeSchema.optional(),
};

/**
 * Prices must be ordered for the side, as the trade form requires (SPEC.md section 5), and not
 * absurdly far apart (levelsRangeError).
 */
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
  if (!message) {
    const rr = riskRewardRatio({
      isLong: value.isLong,
      stopLoss: value.stopLoss,
      entry: value.entryPrice,
      target: value.takeProfit,
    });
    const range = levelsRangeError(value.isLong, value.stopLoss, value.entryPrice, rr ?? 0);
    if (range) ctx.addIssue({ code: 'custom', message: range, path: ['takeProfit'] });
    return;
  }
  const entryRule =
    message === tradeMessages.longEntryAboveStop || message === tradeMessages.shortEntryBelowStop;
  ctx.addIssue({ code: 'custom', message, path: [entryRule ? 'entryPrice' : 'takeProfit'] });
}

/** At most this many trades in one import (the browser's journal at sign-in). */
export const MAX_IMPORTED_TRADES = 500;

/**
 * A ticked cell of an imported trade: points within a cell's bounds. The browser's journal has
 * no script cells, and a script tick is the server's alone: `script` and `value` are dropped.
 */
const ImportedCellSchema = CellSnapshotSchema.omit({ script: true, value: true }).extend({
  title: textField('Cell title', 200),
  points: numberField('Cell points')
    .min(0, 'Cell points must be 0 or more')
    .max(CELL_POINTS_MAX, `Cell points must be at most ${CELL_POINTS_MAX}`),
});

/**
 * One trade of POST /api/trades/import: the anonymous journal's trade with its snapshot
 * (cells; the server recomputes score and tier from them), size and times. Stored imported
 * and unverified, not counted toward today's limits, the risk state untouched.
 */
export const ImportTradeSchema = z
  .object({
    ...tradeFields,
    date: IsoDateTimeSchema,
    status: TradeStatusSchema,
    closedAt: IsoDateTimeSchema.nullable().optional(),
    sizeUsd: positiveAmount('Trade size').max(1e12, 'Trade size is too large'),
    sizeEstimated: booleanField('Size estimated').default(false),
    targetManual: booleanField('Manual target').default(false),
    cells: z.array(ImportedCellSchema).max(25, 'A board has at most 25 cells').nullable(),
    streakAtOpen: intField('Streak', -3, 3).nullable().optional(),
    accountSizeAtOpen: nonNegativeAmount('Account size').nullable().optional(),
  })
  .superRefine(checkOrder);
export type ImportTradeRequest = z.infer<typeof ImportTradeSchema>;

/** POST /api/trades/import: the browser's journal, oldest first. */
export const ImportTradesRequestSchema = z.object({
  trades: z
    .array(ImportTradeSchema)
    .min(1, 'There is no trade to import')
    .max(MAX_IMPORTED_TRADES, `At most ${MAX_IMPORTED_TRADES} trades can be imported at once`),
});
export type ImportTradesRequest = z.infer<typeof ImportTradesRequestSchema>;

/** Order types of a live bracket's entry (DESIGN.md section 9). */
export const LIVE_ORDER_TYPES = ['limit', 'market'] as const;

/**
 * POST /api/trades `order`: place the trade on the active exchange connection as a bracket
 * (entry, reduce-only take profit and stop), with this leverage set first.
 */
export const LiveOrderRequestSchema = z.object({
  type: z.enum(LIVE_ORDER_TYPES, { error: 'Order type must be limit or market' }),
  leverage: numberField('Leverage')
    .int('Leverage must be a whole number')
    .min(1, 'Leverage must be at least 1')
    .max(100, 'Leverage must be at most 100'),
});
export type LiveOrderRequest = z.infer<typeof LiveOrderRequestSchema>;

/**
 * POST /api/trades: a new trade, always saved with status OPEN. `sizeUsd` (position notional)
 * defaults to the suggested size and may not exceed it; `targetManual` says the trader typed
 * the target.
 */
export const CreateTradeRequestSchema = z
  .object({
    ...tradeFields,
    status: z.literal('OPEN', { error: 'A new trade is saved as OPEN' }).default('OPEN'),
    sizeUsd: positiveAmount('Trade size').optional(),
    targetManual: booleanField('Manual target').optional(),
    order: LiveOrderRequestSchema.optional(),
    /**
     * The exchange connection the trader sees with live trading on: its USDC balance sizes the
     * trade (SPEC.md section 9) and an `order` is placed on it. The newest one when absent.
     */
    connectionId: text('Connection').trim().min(1).max(100, 'Unknown connection').optional(),
    /**
     * The chart timeframe the trade was planned on: the board's script cells read its candles
     * (volume) when the server ticks them at save time. 1h when absent.
     */
    timeframe: z
      .enum(TIMEFRAMES, { error: `Timeframe must be one of ${TIMEFRAMES.join(', ')}` })
      .optional(),
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
 * PUT /api/trades/:id/status {status, profitLoss}. `profitLoss` is optional and ignored: the
 * server closes all that is open at the level, from the trade's own prices and size (planExit).
 */
export const TradeStatusRequestSchema = z.object({
  status: ClosedTradeStatusSchema,
  profitLoss: numberField('Profit/loss').min(-1e12).max(1e12).optional(),
});
export type TradeStatusRequest = z.infer<typeof TradeStatusRequestSchema>;

/**
 * POST /api/trades/:id/exits: close a manual trade at the price it really got, all that is open
 * or `quantity` units of it (a partial exit). The last exit closes the trade (issue 26).
 */
export const TradeExitRequestSchema = z.object({
  price: positiveAmount('Exit price'),
  quantity: positiveAmount('Exit size').optional(),
});
export type TradeExitRequest = z.infer<typeof TradeExitRequestSchema>;

/**
 * POST /api/trades/:id/undo-exit: takes back the trade's latest exit by hand within
 * EXIT_UNDO_MS (issue 26). `exitCount` names the exit: how many exits the trade had after it
 * (`trade.exits.length` in the exit's answer), so a later exit is never undone in its place.
 */
export const UndoExitRequestSchema = z.object({
  exitCount: intField('Exit count', 1, 10_000),
});
export type UndoExitRequest = z.infer<typeof UndoExitRequestSchema>;

/** One exit taken by hand: units of the asset at a price, and when. */
export const TradeExitSchema = z.object({
  price: PriceSchema,
  quantity: z.number(),
  at: IsoDateTimeSchema,
});

/**
 * A trade as the server returns it (SPEC.md section 3 and DESIGN.md section 7). Prices are in
 * dollars per unit, money in USD; the close fields are null while OPEN. Facts a trade stored
 * before they were recorded are null (`cells`, `streakAtOpen`, `accountSizeAtOpen`), and its
 * size was estimated from the owner's base trade size (`sizeEstimated`).
 */
/**
 * Where a placed bracket stands (DESIGN.md section 9): `resting` until the entry fills, `open`
 * while the position is held, `closed` once fills have flattened it.
 */
export const LIVE_EXECUTIONS = ['resting', 'open', 'closed'] as const;
export const LiveExecutionSchema = z.enum(LIVE_EXECUTIONS);
export type LiveExecution = z.infer<typeof LiveExecutionSchema>;

/** A trade's bracket on the exchange: order ids as strings, null where not known. */
export const LiveTradeSchema = z.object({
  connectionId: IdSchema,
  orders: z.object({
    entry: z.string().nullable(),
    takeProfit: z.string().nullable(),
    stopLoss: z.string().nullable(),
  }),
  leverage: z.number().int(),
  orderType: z.enum(LIVE_ORDER_TYPES),
  execution: LiveExecutionSchema,
  /** The entry fills' volume-weighted price and total size; null before the first fill. */
  filledPrice: PriceSchema.nullable(),
  filledSize: z.number().nullable(),
  /** The stop on the exchange when it was moved from the trade's own (e.g. to break-even). */
  stopPrice: PriceSchema.nullable(),
});
export type LiveTrade = z.infer<typeof LiveTradeSchema>;

export const TradeSchema = z.object({
  id: IdSchema,
  pair: z.string(),
  isLong: z.boolean(),
  entryPrice: PriceSchema,
  stopLoss: PriceSchema,
  takeProfit: PriceSchema,
  riskRewardRatio: z.number(),
  notes: z.string(),
  status: TradeStatusSchema,
  date: IsoDateTimeSchema,
  createdAt: IsoDateTimeSchema,
  /** SPEC's P/L: the price difference per unit; null while OPEN. Never summed, never in $. */
  profitLoss: z.number().nullable(),
  /** Board score when opened. */
  score: z.number(),
  /** Risk tier (R/R the score allowed), 1..5. */
  tier: z.number().int().min(1).max(5),
  /** The ticked cells when opened; null for trades recorded before snapshots existed. */
  cells: z.array(CellSnapshotSchema).nullable(),
  targetManual: z.boolean(),
  /** Position notional at entry, USD. */
  sizeUsd: UsdSchema,
  /** Units of the asset: sizeUsd / entryPrice. */
  quantity: z.number(),
  /** What the stop loses, USD. */
  riskUsd: UsdSchema,
  /** The size was estimated by the migration, not recorded when the trade was opened. */
  sizeEstimated: z.boolean(),
  streakAtOpen: z.number().int().nullable(),
  accountSizeAtOpen: UsdSchema.nullable(),
  /** Exits taken by hand so far (a trade closed in parts); the last one closes it. */
  exits: z.array(TradeExitSchema).default([]),
  /** Where it closed: the exits' size-weighted price (target or stop in one click); null while OPEN. */
  exitPrice: PriceSchema.nullable(),
  rMultiple: RMultipleSchema.nullable(),
  pnlUsd: UsdSchema.nullable(),
  closedAt: IsoDateTimeSchema.nullable(),
  /** Closed from the exchange's fills (exit price, fees, R and P/L are the fills'). */
  verified: z.boolean().default(false),
  /** Fees of the entry and exit fills, USD; null unless closed from fills. */
  feesUsd: UsdSchema.nullable().default(null),
  /** Funding received while open (negative: paid), USD, in pnlUsd; null unless from fills. */
  fundingUsd: UsdSchema.nullable().default(null),
  /** Uploaded from the browser's journal at sign-in (self-reported, not counted that day). */
  imported: z.boolean().default(false),
  /**
   * A round trip on the exchange no plan explains (placed outside the journal): verified
   * fills, no plan, no R. It counted as a trade of its day; a loss as a stoploss.
   */
  offPlan: z.boolean().default(false),
  /**
   * How far the market went for (MFE, >= 0) and against (MAE, <= 0) the trade while it was
   * open, in R from its entry, on rMultiple's axis (core tradeExcursions); stored after the
   * close from the market's candles. null while OPEN, until read, or for an unknown market.
   */
  mfeR: z.number().nullable().default(null),
  maeR: z.number().nullable().default(null),
  /** The exchange orders of a trade placed as a bracket (POST /api/trades with `order`). */
  live: LiveTradeSchema.optional(),
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
