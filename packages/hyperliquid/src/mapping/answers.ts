import type {
  AllMidsResponse,
  CandleSnapshotResponse,
  L2BookResponse,
  MetaAndAssetCtxsResponse,
  MetaResponse,
  RecentTradesResponse,
} from '@nktkas/hyperliquid/api/info';
import { mapResponse } from '../errors.js';
import { toCandles, toOrderBook, toPublicTrades } from './market.js';
import { decimal, list, record } from './parse.js';

/**
 * Shape checks of the public answers the market cache keeps (SharedCache's `check`). The SDK
 * does not validate answers, and an info request can be answered with an error body
 * (`{"status":"err","response":"..."}`) or anything else: kept, it would be served for the
 * whole time-to-live (meta: a minute). Each check returns the answer typed, or throws
 * ExchangeError 'invalid-response' (answered 502, and not kept).
 */

/** Hyperliquid's error body is never a value. */
function refuseErrorBody(answer: unknown): void {
  const body = answer as { status?: unknown; response?: unknown } | null;
  if (typeof body === 'object' && body !== null && body.status === 'err') {
    throw new Error(`error answer: ${String(body.response)}`);
  }
}

function checkUniverse(meta: unknown): void {
  refuseErrorBody(meta);
  for (const asset of list<Record<string, unknown>>(
    record<{ universe?: unknown }>(meta).universe,
  )) {
    if (typeof record(asset).name !== 'string') throw new Error('an asset without a name');
    decimal(asset.szDecimals);
    decimal(asset.maxLeverage);
  }
}

/** meta: an object whose `universe` lists assets with a name, size decimals and leverage. */
export const checkMeta = (answer: unknown): MetaResponse =>
  mapResponse(() => {
    checkUniverse(answer);
    return answer as MetaResponse;
  });

/** allMids: an object of decimal strings by coin. */
export const checkMids = (answer: unknown): AllMidsResponse =>
  mapResponse(() => {
    refuseErrorBody(answer);
    for (const mid of Object.values(record(answer))) decimal(mid);
    return answer as AllMidsResponse;
  });

/** metaAndAssetCtxs: [meta, one context object per asset]. */
export const checkMetaAndCtxs = (answer: unknown): MetaAndAssetCtxsResponse =>
  mapResponse(() => {
    const [meta, ctxs] = list<unknown>(answer);
    checkUniverse(meta);
    list<unknown>(ctxs).forEach((ctx) => record(ctx));
    return answer as MetaAndAssetCtxsResponse;
  });

/** l2Book: null for a coin without a book, else a book whose every level maps. */
export const checkBook = (answer: unknown): L2BookResponse =>
  mapResponse(() => {
    if (answer === null) return null;
    refuseErrorBody(answer);
    if (typeof record<{ coin?: unknown }>(answer).coin !== 'string') throw new Error('no coin');
    toOrderBook(answer as NonNullable<L2BookResponse>, Infinity);
    return answer as L2BookResponse;
  });

/** candleSnapshot: a list of candles that all map. */
export const checkCandles = (answer: unknown): CandleSnapshotResponse =>
  mapResponse(() => {
    toCandles(answer as CandleSnapshotResponse, Infinity);
    return answer as CandleSnapshotResponse;
  });

/** recentTrades: a list of trades that all map. */
export const checkTrades = (answer: unknown): RecentTradesResponse =>
  mapResponse(() => {
    toPublicTrades(answer as RecentTradesResponse, Infinity);
    return answer as RecentTradesResponse;
  });
