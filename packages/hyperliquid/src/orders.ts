import type { OrderParameters, OrderSuccessResponse } from '@nktkas/hyperliquid/api/exchange';
import { formatPrice, formatSize } from '@nktkas/hyperliquid/utils';
import type { PlacedOrder, ValidOrderRequest } from '@tb/core';
import { cleanExchangeText, ExchangeError } from './errors.js';
import { decimal, list, record } from './mapping/parse.js';
import type { Asset } from './types.js';

/** A market order is an IOC limit this far through the mid (5 %, as Hyperliquid's SDKs send). */
export const MARKET_SLIPPAGE = 0.05;

/**
 * The SDK's order parameters of a validated order: size cut to the asset's size decimals;
 * a limit order rests (Gtc) at its price; a market order is Ioc at reference × 1.05 (buy) or
 * × 0.95 (sell). Prices keep 5 significant figures and 6 − szDecimals decimals (truncated).
 * Throws 'unknown-symbol' for a market order without a reference price.
 */
export function orderParameters(
  order: ValidOrderRequest,
  asset: Asset,
  referencePrice: number | null,
  cloid?: `0x${string}`,
): OrderParameters {
  const buy = order.side === 'buy';
  let price = order.price;
  if (order.orderType === 'market') {
    if (referencePrice === null) {
      throw new ExchangeError('unknown-symbol', `Could not fetch price for ${order.symbol}`);
    }
    price = referencePrice * (buy ? 1 + MARKET_SLIPPAGE : 1 - MARKET_SLIPPAGE);
  }
  if (price === null) throw new Error('A limit order needs a price (validateOrder)');
  return {
    orders: [
      {
        a: asset.assetId,
        b: buy,
        p: formatPrice(price, asset.szDecimals, 'perp'),
        s: formatSize(order.size, asset.szDecimals),
        r: order.reduceOnly,
        t: { limit: { tif: order.orderType === 'market' ? 'Ioc' : 'Gtc' } },
        ...(cloid !== undefined && { c: cloid }),
      },
    ],
    grouping: 'na',
  };
}

/**
 * The answer to one order: resting → {id, 'resting', filled 0}; filled → {id, 'filled',
 * totalSz, avgPx}; waiting for a fill or trigger → resting without an id; `{error}` →
 * ExchangeError 'rejected' with the exchange's text (without ` asset=N`).
 */
export function placedOrderOf(response: OrderSuccessResponse): PlacedOrder {
  const statuses = list<unknown>(record(record(record(response).response).data).statuses);
  const status = statuses[0];
  if (status === 'waitingForFill' || status === 'waitingForTrigger') {
    return { id: null, status: 'resting', filled: 0, averagePrice: null };
  }
  const s = record<{
    resting?: { oid: number };
    filled?: { oid: number; totalSz: string; avgPx: string };
    error?: string;
  }>(status);
  if (typeof s.error === 'string') throw new ExchangeError('rejected', cleanExchangeText(s.error));
  if (s.resting) {
    return { id: String(s.resting.oid), status: 'resting', filled: 0, averagePrice: null };
  }
  if (s.filled) {
    return {
      id: String(s.filled.oid),
      status: 'filled',
      filled: decimal(s.filled.totalSz),
      averagePrice: decimal(s.filled.avgPx),
    };
  }
  throw new Error('Unknown order status');
}
