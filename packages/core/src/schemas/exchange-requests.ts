import { z } from 'zod';
import { orderMessages as m } from '../exchange/messages.js';
import { validateOrder } from '../exchange/orders.js';
import { normalizeOrderSymbol, priceSymbol } from '../exchange/symbols.js';
import { booleanField, wholeNumberText } from './common.js';
import { text } from './text.js';

const looseText = (label: string, message: string) =>
  text(label, message).max(40, message).nullable().optional();
const looseAmount = (label: string, message: string) =>
  z
    .union([z.number(), text(label).max(40)], { error: message })
    .nullable()
    .optional();

/**
 * POST /api/exchange/order {symbol, side, size, price, orderType, reduceOnly} (SPEC.md
 * section 7), checked with validateOrder: the parsed value is the normalized order
 * ('BTC' → 'BTC-USD', orderType 'limit' when absent, reduceOnly false when absent).
 */
export const OrderRequestSchema = z
  .object({
    symbol: looseText('Symbol', m.symbolInvalid),
    side: looseText('Side', m.sideInvalid),
    size: looseAmount('Size', m.sizeNotNumber),
    price: looseAmount('Price', m.priceNotNumber),
    orderType: looseText('Order type', m.orderTypeInvalid),
    reduceOnly: booleanField('Reduce only').nullable().optional(),
  })
  .transform((input, ctx) => {
    const result = validateOrder(input);
    if (result.ok) return result.value;
    ctx.addIssue({
      code: 'custom',
      message: result.message,
      path: result.field ? [result.field] : [],
    });
    return z.NEVER;
  });
export type OrderRequest = z.input<typeof OrderRequestSchema>;
export type ValidOrderRequest = z.output<typeof OrderRequestSchema>;

/** A symbol path parameter (orderbook, ticker, ohlcv, trades): 'Symbol is required'. */
export const SymbolParamsSchema = z.object({
  symbol: text('Symbol', m.symbolRequired).trim().min(1, m.symbolRequired).max(40, m.symbolInvalid),
});
export type SymbolParams = z.infer<typeof SymbolParamsSchema>;

/** GET /api/exchange/price/:symbol: the symbol reduced to base + '-USD' ('BTC/USD' → 'BTC-USD'). */
export const PriceParamsSchema = SymbolParamsSchema.transform((params, ctx) => {
  const symbol = priceSymbol(params.symbol);
  if (symbol) return { symbol };
  ctx.addIssue({ code: 'custom', message: m.symbolInvalid, path: ['symbol'] });
  return z.NEVER;
});

/**
 * POST /api/exchange/leverage {leverage, symbol, isCross}: whole leverage 1..100 (the server
 * also holds it to the asset's maximum), symbol normalized, cross margin unless `isCross` is
 * false (isolated).
 */
export const LeverageRequestSchema = z.object({
  leverage: z
    .number({ error: m.leverageRange })
    .int(m.leverageRange)
    .min(1, m.leverageRange)
    .max(100, m.leverageRange),
  symbol: text('Symbol', m.symbolRequired)
    .trim()
    .min(1, m.symbolRequired)
    .max(40, m.symbolInvalid)
    .transform((symbol, ctx) => {
      const normalized = normalizeOrderSymbol(symbol);
      if (normalized) return normalized;
      ctx.addIssue({ code: 'custom', message: m.symbolInvalid });
      return z.NEVER;
    }),
  isCross: booleanField('Cross margin').default(true),
});
export type LeverageRequest = z.infer<typeof LeverageRequestSchema>;

/** `:id` of DELETE /api/exchange/order/:id: the exchange's order id, a whole number > 0. */
export const CancelOrderParamsSchema = z.object({
  id: wholeNumberText(m.cancelNotNumbers, 1, Number.MAX_SAFE_INTEGER),
});

/** Query of DELETE /api/exchange/order/:id: the asset id, or a symbol the server resolves. */
export const CancelOrderQuerySchema = z
  .object({
    assetId: wholeNumberText(m.cancelNotNumbers, 0, 1_000_000).optional(),
    symbol: text('Symbol').trim().min(1, m.cancelRequired).max(40, m.symbolInvalid).optional(),
  })
  .refine((q) => q.assetId !== undefined || q.symbol !== undefined, { message: m.cancelRequired });
export type CancelOrderQuery = z.infer<typeof CancelOrderQuerySchema>;

/** A whole-number query value with bounds and a default (query values arrive as text). */
function limitQuery(fallback: number, max: number) {
  const message = `Limit must be a whole number from 1 to ${max}`;
  return wholeNumberText(message, 1, max).default(fallback);
}

const sinceQuery = wholeNumberText(
  'Since must be a time in epoch milliseconds',
  0,
  Number.MAX_SAFE_INTEGER,
).optional();

/** Candle intervals Hyperliquid serves. */
export const TIMEFRAMES = [
  '1m',
  '3m',
  '5m',
  '15m',
  '30m',
  '1h',
  '2h',
  '4h',
  '8h',
  '12h',
  '1d',
  '3d',
  '1w',
  '1M',
] as const;

/** GET /api/exchange/orderbook/:symbol?limit= (default 20). */
export const OrderbookQuerySchema = z.object({ limit: limitQuery(20, 100) });
/**
 * The most candles one GET /api/exchange/ohlcv request may ask (issue 29). Hyperliquid answers
 * up to 5,000 a candleSnapshot, but each one is work for the server (the paper market computes
 * them: ~0.6 s of CPU for 5,000, issue 29's finding 2) and weight against the app's budget
 * (20 + 1 per 60 candles). 1,000 is ten times what the built-in chart asks (100), 41 days of
 * hourly candles, and the same bound as the public trades' limit.
 */
export const OHLCV_MAX_CANDLES = 1_000;
/**
 * GET /api/exchange/ohlcv/:symbol?timeframe=&limit=&since= (defaults 1h and 100 candles): the
 * most recent `limit` candles from the one containing `since` on (the most recent `limit`
 * without it).
 */
export const OhlcvQuerySchema = z.object({
  timeframe: z
    .enum(TIMEFRAMES, { error: `Timeframe must be one of ${TIMEFRAMES.join(', ')}` })
    .default('1h'),
  limit: limitQuery(100, OHLCV_MAX_CANDLES),
  since: sinceQuery,
});
/** GET /api/exchange/trades/:symbol?limit= (default 50). */
export const PublicTradesQuerySchema = z.object({ limit: limitQuery(50, 1000) });
/** GET /api/exchange/myTrades and /orders/history ?symbol&limit&since (limit default 50). */
export const HistoryQuerySchema = z.object({
  symbol: text('Symbol').trim().min(1).max(40, m.symbolInvalid).optional(),
  limit: limitQuery(50, 2000),
  since: sinceQuery,
});
export type OrderbookQuery = z.infer<typeof OrderbookQuerySchema>;
export type OhlcvQuery = z.infer<typeof OhlcvQuerySchema>;
export type PublicTradesQuery = z.infer<typeof PublicTradesQuerySchema>;
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

/** `?connectionId=` of private exchange routes: which of the user's connections (newest active when absent). */
export const ConnectionQuerySchema = z.object({
  connectionId: text('Connection').trim().min(1).max(100, 'Unknown connection').optional(),
});
export type ConnectionQuery = z.infer<typeof ConnectionQuerySchema>;
