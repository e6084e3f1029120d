import {
  DEFAULT_TRADING_PAIR,
  IsoDateTimeSchema,
  pnlUsdAt,
  positionRisk,
  price,
  profitLossOnClose,
  repriceTrade,
  riskTierFromScore,
  rMultipleAt,
  TradeStatusSchema,
  usd,
  type Trade,
} from '@tb/core';
import { z } from 'zod';

/** A trade as this app stored it in the browser before sizes were recorded. */
const PreviousTradeSchema = z.object({
  id: z.string().min(1).max(64),
  pair: z.string().max(30).default(DEFAULT_TRADING_PAIR),
  isLong: z.boolean(),
  entryPrice: z.number().nonnegative(),
  stopLoss: z.number().nonnegative(),
  takeProfit: z.number().nonnegative(),
  riskRewardRatio: z.number().optional(),
  notes: z.string().default(''),
  status: TradeStatusSchema.default('OPEN'),
  date: IsoDateTimeSchema,
  createdAt: IsoDateTimeSchema,
  score: z.number().nullable().default(null),
  /** SPEC.md's local trades carried the base trade size of the moment. */
  baseTradeSize: z.number().positive().optional(),
});
type PreviousTrade = z.infer<typeof PreviousTradeSchema>;

const numeric = z
  .union([z.number(), z.string().max(40)])
  .transform(Number)
  .pipe(z.number().nonnegative());

/** A trade in SPEC.md section 3's "saved locally" shape (type, entry, stoploss, target). */
const SpecLocalTradeSchema = z
  .object({
    id: z.union([z.string().min(1).max(64), z.number()]),
    timestamp: z.union([z.string().max(40), z.number()]),
    pair: z.string().max(30).default(DEFAULT_TRADING_PAIR),
    type: z.enum(['LONG', 'SHORT']),
    entry: numeric,
    stoploss: numeric,
    target: numeric,
    score: z.number().optional(),
    status: TradeStatusSchema.default('OPEN'),
    notes: z.string().default(''),
    baseTradeSize: z.number().positive().optional(),
  })
  .transform((t): PreviousTrade | null => {
    const ms = typeof t.timestamp === 'number' ? t.timestamp : Date.parse(t.timestamp);
    if (!Number.isFinite(ms)) return null;
    const iso = new Date(ms).toISOString();
    return {
      id: String(t.id),
      pair: t.pair,
      isLong: t.type === 'LONG',
      entryPrice: t.entry,
      stopLoss: t.stoploss,
      takeProfit: t.target,
      notes: t.notes,
      status: t.status,
      date: iso,
      createdAt: iso,
      score: t.score ?? null,
      ...(t.baseTradeSize !== undefined && { baseTradeSize: t.baseTradeSize }),
    };
  });

/**
 * DESIGN.md section 7's migration rule for a trade stored before sizes were recorded: its
 * size is the base trade size (the trade's own when it kept one, else the owner's now),
 * marked `sizeEstimated`; quantity, risk, R and USD P/L follow from it with core's maths.
 */
function migrate(old: PreviousTrade, baseTradeSizeUsd: number): Trade {
  const sizeUsd = usd(old.baseTradeSize ?? baseTradeSizeUsd);
  const prices = {
    isLong: old.isLong,
    entryPrice: old.entryPrice,
    stopLoss: old.stopLoss,
    takeProfit: old.takeProfit,
  };
  const { quantity, riskUsd } = positionRisk(sizeUsd, old.entryPrice, old.stopLoss);
  const closed = old.status !== 'OPEN';
  const exit = old.status === 'TARGET_HIT' ? old.takeProfit : old.stopLoss;
  const score = old.score ?? 0;
  return {
    id: old.id,
    pair: old.pair.toUpperCase(),
    isLong: old.isLong,
    entryPrice: price(old.entryPrice),
    stopLoss: price(old.stopLoss),
    takeProfit: price(old.takeProfit),
    riskRewardRatio: old.riskRewardRatio ?? repriceTrade(sizeUsd, prices).riskRewardRatio,
    notes: old.notes,
    status: old.status,
    date: old.date,
    createdAt: old.createdAt,
    profitLoss: old.status === 'OPEN' ? null : profitLossOnClose(prices, old.status),
    score,
    tier: riskTierFromScore(score),
    cells: null,
    targetManual: false,
    sizeUsd,
    quantity,
    riskUsd,
    sizeEstimated: true,
    streakAtOpen: null,
    accountSizeAtOpen: null,
    exits: [],
    exitPrice: closed ? price(exit) : null,
    rMultiple: closed ? rMultipleAt(prices, exit) : null,
    pnlUsd: closed ? pnlUsdAt({ ...prices, quantity }, exit) : null,
    closedAt: null,
    verified: false,
    feesUsd: null,
    fundingUsd: null,
    imported: false,
    offPlan: false,
    mfeR: null,
    maeR: null,
  };
}

/**
 * A stored item in an older shape (this app's before sizes, or SPEC.md's local shape) as a
 * journal trade with an estimated size; null when it is neither.
 */
export function migrateLegacyTrade(item: unknown, baseTradeSizeUsd: number): Trade | null {
  const previous = PreviousTradeSchema.safeParse(item);
  if (previous.success) return migrate(previous.data, baseTradeSizeUsd);
  const spec = SpecLocalTradeSchema.safeParse(item);
  if (spec.success && spec.data) return migrate(spec.data, baseTradeSizeUsd);
  return null;
}
