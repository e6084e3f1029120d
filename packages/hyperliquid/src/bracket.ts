import type { OrderParameters } from '@nktkas/hyperliquid/api/exchange';
import { formatPrice, formatSize } from '@nktkas/hyperliquid/utils';
import { ExchangeError } from './errors.js';
import { MARKET_SLIPPAGE } from './orders.js';
import type { Asset, BracketRequest, Cloid, OrderByCloid } from './types.js';

/**
 * The SDK's parameters of a bracket: size cut to the asset's size decimals, prices to its
 * significant figures and decimals (as orderParameters). Throws 'unknown-symbol' for a market
 * entry without a reference price.
 */
export function bracketParameters(
  bracket: BracketRequest,
  asset: Asset,
  referencePrice: number | null,
): OrderParameters {
  const buy = bracket.isLong;
  let entryPx = bracket.entryPrice;
  if (bracket.entryType === 'market') {
    if (referencePrice === null) {
      throw new ExchangeError('unknown-symbol', `Could not fetch price for ${bracket.symbol}`);
    }
    entryPx = referencePrice * (buy ? 1 + MARKET_SLIPPAGE : 1 - MARKET_SLIPPAGE);
  }
  const px = (price: number) => formatPrice(price, asset.szDecimals, 'perp');
  const s = formatSize(bracket.sizeUsd / bracket.entryPrice, asset.szDecimals);
  const trigger = (price: number, tpsl: 'tp' | 'sl', c: Cloid) => ({
    a: asset.assetId,
    b: !buy,
    p: px(price),
    s,
    r: true,
    t: { trigger: { isMarket: true, triggerPx: px(price), tpsl } },
    c,
  });
  return {
    orders: [
      {
        a: asset.assetId,
        b: buy,
        p: px(entryPx),
        s,
        r: false,
        t: { limit: { tif: bracket.entryType === 'market' ? 'Ioc' : 'Gtc' } },
        c: bracket.cloids.entry,
      },
      trigger(bracket.takeProfit, 'tp', bracket.cloids.takeProfit),
      trigger(bracket.stopLoss, 'sl', bracket.cloids.stopLoss),
    ],
    grouping: 'normalTpsl',
  };
}

/** The oid of an `orderStatus` answer, or null for `unknownOid`. */
export function oidOfStatus(answer: unknown): number | null {
  const oid = (answer as { order?: { order?: { oid?: unknown } } } | null)?.order?.order?.oid;
  return typeof oid === 'number' ? oid : null;
}

/** The order of an `orderStatus` answer with its status, or null for `unknownOid`. */
export function orderOfStatus(answer: unknown): OrderByCloid | null {
  const found = answer as {
    status?: unknown;
    order?: {
      status?: unknown;
      order?: { oid?: unknown; coin?: unknown; sz?: unknown; origSz?: unknown };
    };
  } | null;
  if (found?.status !== 'order') return null;
  const order = found.order?.order;
  if (typeof order?.oid !== 'number' || typeof order.coin !== 'string') {
    throw new ExchangeError(
      'invalid-response',
      'The exchange answered an order status without its order',
    );
  }
  return {
    oid: order.oid,
    coin: order.coin,
    status: typeof found.order?.status === 'string' ? found.order.status : 'unknown',
    size: Number(order.sz ?? 0),
    origSize: Number(order.origSz ?? 0),
  };
}
