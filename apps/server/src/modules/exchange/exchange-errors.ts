import type { FastifyBaseLogger } from 'fastify';
import { ExchangeError } from '@tb/hyperliquid';
import { AppError } from '../../lib/app-error.js';

/** The SPEC.md section 8 text of each exchange route; the exchange's reason follows ': '. */
export const exchangeRouteMessages = {
  account: 'Failed to fetch account data',
  positions: 'Failed to fetch positions',
  orders: 'Failed to fetch open orders',
  placeOrder: 'Failed to place order',
  cancelOrder: 'Failed to cancel order',
  orderStatus: 'Failed to check the order on the exchange',
  leverage: 'Failed to set leverage',
  closeAll: 'Failed to close positions',
  myTrades: 'Failed to fetch trade history',
  orderHistory: 'Failed to fetch order history',
  markets: 'Failed to fetch markets',
  tickers: 'Failed to fetch markets',
  orderBook: 'Failed to fetch the order book',
  ohlcv: 'Failed to fetch candles',
  publicTrades: 'Failed to fetch trades',
  connect: 'Failed to connect to exchange',
  price: (symbol: string) => `Could not fetch price for ${symbol}`,
  leverageAboveMax: (symbol: string, max: number) =>
    `Leverage must be a whole number from 1 to ${max} for ${symbol}`,
} as const;

export const notConnected = () =>
  new AppError(400, 'EXCHANGE_NOT_CONNECTED', 'No exchange connected. Connect Hyperliquid first.');

/**
 * Turns a failed exchange call into the answer of docs/API.md, each with the route's text and
 * the exchange's reason. The exchange refusing what the trader asked (minimum value,
 * reduce-only, unknown order, margin: kind 'rejected') is the trader's to fix: 422
 * EXCHANGE_REJECTED. An unknown symbol is 404 UNKNOWN_SYMBOL. The exchange failing is ours to
 * report: 504 EXCHANGE_TIMEOUT, else 502 EXCHANGE_ERROR (unreachable, 5xx, malformed answer).
 * `unknownSymbolMessage` replaces the whole text for the price lookups ("Could not fetch price
 * for BTC-USD"). Anything that is not an ExchangeError is a bug of ours: logged, and answered
 * as an exchange error so the user still reads which action failed.
 */
export function exchangeFailure(
  err: unknown,
  routeMessage: string,
  log: FastifyBaseLogger,
  unknownSymbolMessage?: string,
): AppError {
  if (err instanceof AppError) return err;
  if (!(err instanceof ExchangeError)) {
    log.error({ err }, `${routeMessage}: unexpected error`);
    return new AppError(502, 'EXCHANGE_ERROR', `${routeMessage}: Unexpected error`);
  }
  const text = `${routeMessage}: ${err.message}`;
  // 503 from the exchange (the paper exchange when its database fails): it did nothing.
  const upstream = (err.cause as { response?: { status?: unknown } } | undefined)?.response;
  if (err.kind === 'unavailable' && upstream?.status === 503) {
    return new AppError(
      503,
      'SERVICE_UNAVAILABLE',
      `${routeMessage}: The exchange is unavailable right now and did nothing. Please try again in a moment.`,
    );
  }
  switch (err.kind) {
    case 'timeout':
      return new AppError(504, 'EXCHANGE_TIMEOUT', text);
    case 'unknown-symbol':
      return new AppError(404, 'UNKNOWN_SYMBOL', unknownSymbolMessage ?? text);
    case 'rejected':
      return new AppError(422, 'EXCHANGE_REJECTED', text);
    default:
      log.warn({ kind: err.kind, reason: err.message }, routeMessage);
      return new AppError(502, 'EXCHANGE_ERROR', text);
  }
}

/** Runs one exchange call, answering its failure as {@link exchangeFailure} says. */
export async function callExchange<T>(
  routeMessage: string,
  log: FastifyBaseLogger,
  call: () => Promise<T>,
  unknownSymbolMessage?: string,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw exchangeFailure(err, routeMessage, log, unknownSymbolMessage);
  }
}
