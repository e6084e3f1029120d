import {
  CandleSchema,
  exchangeResponseSchema,
  MarketSchema,
  OhlcvQuerySchema,
  OrderBookSchema,
  OrderbookQuerySchema,
  PriceParamsSchema,
  SymbolPriceSchema,
  PublicTradeSchema,
  PublicTradesQuerySchema,
  SymbolParamsSchema,
  TickerSchema,
} from '@tb/core';
import { clientKey } from '../../lib/client-key.js';
import { withWeightPriority } from '../../lib/weight-priority.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callExchange, exchangeRouteMessages as m } from './exchange-errors.js';
import type { ExchangeService } from './exchange.service.js';

const open = { tags: ['exchange'] };
const ok = <T extends z.ZodType>(data: T) => ({ 200: exchangeResponseSchema(data) });

/**
 * Requests a minute one client address may make to each public market route (issue 29), signed
 * in or not, times RATE_LIMIT_SCALE: then 429 until its minute is over. A client address is its
 * IPv4 address or its IPv6 /64 (clientKey). The cached reads (markets, tickers, ticker, price,
 * order book, trades) cost little: 10 a second leave room for a whole office behind one
 * address polling prices. Candles may miss the cache (each `limit` and `since` candle is its
 * own entry) and then cost up to OHLCV_MAX_CANDLES computed candles: one a second, where the
 * built-in chart asks once a minute a symbol.
 */
export const MARKET_READS_PER_MINUTE = 600;
export const CANDLE_READS_PER_MINUTE = 60;

/**
 * Public market data: anyone may read it (the built-in chart works signed out). A valid token
 * selects the network of the user's connection; anything else reads the default network.
 */
export const exchangeMarketRoutes: FastifyPluginAsyncZod<{
  exchange: ExchangeService;
  /** Multiplies the per-address limits (RATE_LIMIT_SCALE: test rigs read from one address). */
  rateLimitScale: number;
}> = async (app, { exchange, rateLimitScale }) => {
  const perIp = (max: number) => ({
    rateLimit: {
      max: max * rateLimitScale,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => clientKey(req.ip),
    },
  });
  const reads = perIp(MARKET_READS_PER_MINUTE);

  // After the per-address limit (a route's onRequest hook) and the query's validation: a
  // refused request costs no session lookup.
  app.addHook('preHandler', async (req, reply) => {
    if (!req.headers.authorization) return;
    try {
      await app.authenticate(req, reply);
    } catch {
      req.auth = null;
    }
  });

  /** One market data call with the route's failure text. */
  const call = async <T>(
    userId: string | null,
    message: string,
    run: (market: Awaited<ReturnType<ExchangeService['market']>>) => Promise<T>,
    unknownSymbolMessage?: string,
  ) => {
    const market = await exchange.market(userId);
    // A visitor's reads wait behind traders' (DESIGN.md section 13: the weight budget).
    const read = () => callExchange(message, app.log, () => run(market), unknownSymbolMessage);
    const data = userId === null ? await withWeightPriority('low', read) : await read();
    return { success: true as const, data };
  };
  const userOf = (req: { auth: { user: { id: string } } | null }) => req.auth?.user.id ?? null;

  app.get(
    '/exchange/markets',
    {
      config: reads,
      schema: { ...open, summary: 'Tradable markets', response: ok(z.array(MarketSchema)) },
    },
    async (req) => call(userOf(req), m.markets, (market) => market.markets()),
  );

  app.get(
    '/exchange/tickers',
    {
      config: reads,
      schema: { ...open, summary: 'Every ticker', response: ok(z.array(TickerSchema)) },
    },
    async (req) => call(userOf(req), m.tickers, (market) => market.tickers()),
  );

  app.get(
    '/exchange/ticker/:symbol',
    {
      config: reads,
      schema: {
        ...open,
        summary: 'One ticker',
        params: SymbolParamsSchema,
        response: ok(TickerSchema),
      },
    },
    async (req) => {
      const { symbol } = req.params;
      const text = m.price(symbol);
      return call(userOf(req), text, (market) => market.ticker(symbol), text);
    },
  );

  app.get(
    '/exchange/price/:symbol',
    {
      config: reads,
      schema: {
        ...open,
        summary: 'Mid price (the symbol reduced to base-USD)',
        params: PriceParamsSchema,
        response: { 200: exchangeResponseSchema(SymbolPriceSchema).extend({ price: z.number() }) },
      },
    },
    async (req) => {
      const { symbol } = req.params;
      const text = m.price(symbol);
      const answer = await call(userOf(req), text, (market) => market.price(symbol), text);
      return { ...answer, price: answer.data.price };
    },
  );

  app.get(
    '/exchange/orderbook/:symbol',
    {
      config: reads,
      schema: {
        ...open,
        summary: 'Order book levels, best first',
        params: SymbolParamsSchema,
        querystring: OrderbookQuerySchema,
        response: ok(OrderBookSchema),
      },
    },
    async (req) =>
      call(userOf(req), m.orderBook, (market) =>
        market.orderBook(req.params.symbol, req.query.limit),
      ),
  );

  app.get(
    '/exchange/ohlcv/:symbol',
    {
      config: perIp(CANDLE_READS_PER_MINUTE),
      schema: {
        ...open,
        summary: 'Candles, oldest first',
        params: SymbolParamsSchema,
        querystring: OhlcvQuerySchema,
        response: ok(z.array(CandleSchema)),
      },
    },
    async (req) =>
      call(userOf(req), m.ohlcv, (market) => market.ohlcv(req.params.symbol, req.query)),
  );

  app.get(
    '/exchange/trades/:symbol',
    {
      config: reads,
      schema: {
        ...open,
        summary: 'Recent public trades, newest first',
        params: SymbolParamsSchema,
        querystring: PublicTradesQuerySchema,
        response: ok(z.array(PublicTradeSchema)),
      },
    },
    async (req) =>
      call(userOf(req), m.publicTrades, (market) =>
        market.publicTrades(req.params.symbol, req.query.limit),
      ),
  );
};
