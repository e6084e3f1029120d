import { z } from 'zod';
import { ORDER_SIDES, ORDER_TYPES } from '../exchange/orders.js';

/**
 * The unified shapes the browser sees (SPEC.md section 3, DESIGN.md section 4); Hyperliquid's
 * raw shapes never leak. Amounts are numbers: prices and values in USDC (dollars), sizes in
 * units of the coin, times in epoch milliseconds.
 */

/** Margin modes of a position's leverage: cross (the account's margin) or isolated. */
export const LEVERAGE_TYPES = ['cross', 'isolated'] as const;
export type LeverageType = (typeof LEVERAGE_TYPES)[number];

const amountsByCoin = z.record(z.string(), z.number());

/** GET /api/exchange/account: balances by coin and the account's USDC value. */
export const BalanceSchema = z.object({
  free: amountsByCoin,
  used: amountsByCoin,
  total: amountsByCoin,
  info: z.object({ usdcValue: z.number() }),
});
export type Balance = z.infer<typeof BalanceSchema>;

/** One row of the account table. */
export const AccountBalanceRowSchema = z.object({
  coin: z.string(),
  totalBalance: z.number(),
  availableBalance: z.number(),
  usdcValue: z.number(),
});
export type AccountBalanceRow = z.infer<typeof AccountBalanceRowSchema>;

/**
 * An open position; `unrealizedPnl` and `margin` (the margin it uses) in dollars,
 * `pnlPercentage` in percent of margin, `liquidationPrice` null when the exchange gives none,
 * `leverage` the multiple the exchange applies and `leverageType` its margin mode.
 */
export const PositionSchema = z.object({
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  size: z.number(),
  entryPrice: z.number(),
  markPrice: z.number(),
  unrealizedPnl: z.number(),
  pnlPercentage: z.number(),
  liquidationPrice: z.number().nullable(),
  margin: z.number(),
  leverage: z.number(),
  leverageType: z.enum(LEVERAGE_TYPES),
});
export type Position = z.infer<typeof PositionSchema>;

/** An open order (SPEC.md's `orderType or type` and `size or amount` unified). */
export const OpenOrderSchema = z.object({
  id: z.string(),
  timestamp: z.number(),
  orderType: z.enum(ORDER_TYPES),
  symbol: z.string(),
  assetId: z.number().int(),
  side: z.enum(ORDER_SIDES),
  size: z.number(),
  filled: z.number(),
  /** price × size, dollars. */
  value: z.number(),
  price: z.number(),
  reduceOnly: z.boolean(),
  status: z.string(),
});
export type OpenOrder = z.infer<typeof OpenOrderSchema>;

/** One of the user's fills. */
export const TradeHistoryRowSchema = z.object({
  timestamp: z.number(),
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  price: z.number(),
  amount: z.number(),
  cost: z.number(),
  fee: z.object({ cost: z.number(), currency: z.string() }),
});
export type TradeHistoryRow = z.infer<typeof TradeHistoryRowSchema>;

/** One order of the order history; `status` classes via orderStatusClass. */
export const OrderHistoryRowSchema = z.object({
  timestamp: z.number(),
  symbol: z.string(),
  type: z.string(),
  side: z.enum(ORDER_SIDES),
  price: z.number(),
  amount: z.number(),
  filled: z.number(),
  status: z.string(),
});
export type OrderHistoryRow = z.infer<typeof OrderHistoryRowSchema>;

/** GET /api/exchange/ticker/:symbol. */
export const TickerSchema = z.object({
  symbol: z.string(),
  last: z.number(),
  bid: z.number().nullable(),
  ask: z.number().nullable(),
  timestamp: z.number(),
});
export type Ticker = z.infer<typeof TickerSchema>;

/** GET /api/exchange/orderbook/:symbol: [price, size] levels, best first. */
export const OrderBookSchema = z.object({
  symbol: z.string(),
  bids: z.array(z.tuple([z.number(), z.number()])),
  asks: z.array(z.tuple([z.number(), z.number()])),
  timestamp: z.number(),
});
export type OrderBook = z.infer<typeof OrderBookSchema>;

/** One OHLCV candle: [time ms, open, high, low, close, volume]. */
export const CandleSchema = z.tuple([
  z.number(),
  z.number(),
  z.number(),
  z.number(),
  z.number(),
  z.number(),
]);
export type Candle = z.infer<typeof CandleSchema>;

/** GET /api/exchange/markets: one tradable market. */
export const MarketSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  assetId: z.number().int(),
  maxLeverage: z.number().int().optional(),
  sizeDecimals: z.number().int().optional(),
});
export type Market = z.infer<typeof MarketSchema>;

/** GET /api/exchange/price/:symbol. */
export const SymbolPriceSchema = z.object({ symbol: z.string(), price: z.number() });
export type SymbolPrice = z.infer<typeof SymbolPriceSchema>;

/** POST /api/exchange/order answer. */
export const PlacedOrderSchema = z.object({
  id: z.string().nullable(),
  status: z.enum(['resting', 'filled']),
  filled: z.number(),
  averagePrice: z.number().nullable(),
});
export type PlacedOrder = z.infer<typeof PlacedOrderSchema>;

/** Every exchange route answers `{ success: true, data }` (errors use the common error body). */
export function exchangeResponseSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** GET /api/exchange/trades/:symbol: one public trade of the market, newest first. */
export const PublicTradeSchema = z.object({
  id: z.string(),
  timestamp: z.number(),
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  price: z.number(),
  amount: z.number(),
});
export type PublicTrade = z.infer<typeof PublicTradeSchema>;

/** POST /api/exchange/positions/close-all: what was closed, and what could not be. */
export const CloseAllResultSchema = z.object({
  closed: z.array(z.object({ symbol: z.string(), size: z.number() })),
  failed: z.array(z.object({ symbol: z.string(), message: z.string() })),
});
export type CloseAllResult = z.infer<typeof CloseAllResultSchema>;
