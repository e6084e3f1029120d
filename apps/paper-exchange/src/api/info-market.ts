import { PERP_ASSETS, assetIdByName, priceDecimals } from '../market/assets.js';
import type { PerpAsset } from '../market/assets.js';
import { bookAt, bookMid, formatBookPrice, l2BookResponse } from '../market/book.js';
import { CANDLE_INTERVALS, candlesBetween } from '../market/candles.js';
import { formatRate, fundingAt, nextHour } from '../market/funding-rate.js';
import { markPriceAt } from '../market/marks.js';
import type { MarkPins } from '../market/pins.js';
import { pathMidAt } from '../market/mid.js';
import { coinKey, unitNoise } from '../market/price-path.js';
import { MAX_RECENT_USER_TRADES } from '../limits.js';
import { formatDecimal } from '../util/decimal.js';
import { readEnum, readObject, readOptionalUint, readString, readUint } from '../util/read.js';
import type { Json } from '../util/read.js';
import type { ExchangeDeps } from './context.js';

/** Public market data of /info: meta, metaAndAssetCtxs, allMids, l2Book, candleSnapshot, recentTrades. */

const DAY_MS = 86_400_000;
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** The perp universe, one margin table per max leverage (table id = max leverage). */
export function metaResponse() {
  const tables = [...new Set(PERP_ASSETS.map((a) => a.maxLeverage))];
  return {
    universe: PERP_ASSETS.map((a) => ({
      name: a.name,
      szDecimals: a.szDecimals,
      maxLeverage: a.maxLeverage,
      marginTableId: a.maxLeverage,
    })),
    marginTables: tables.map((lev) => [
      lev,
      { description: '', marginTiers: [{ lowerBound: '0.0', maxLeverage: lev }] },
    ]),
    collateralToken: 0,
  };
}

function formatPx(asset: PerpAsset, px: number): string {
  return formatDecimal(px, priceDecimals(asset, px));
}

/** An asset's context; `funding` and `premium` are the rate of the hour running now. */
function assetCtx(seed: number, asset: PerpAsset, nowMs: number, pins: MarkPins) {
  const book = bookAt(seed, asset, nowMs, pins);
  const mark = markPriceAt(seed, asset, nowMs, pins);
  const prevDayPx = pathMidAt(seed, asset, nowMs - DAY_MS, pins);
  const u = (unitNoise(seed, coinKey(asset.name), Math.floor(nowMs / DAY_MS)) + 1) / 2;
  const dayNtlVlm = 5_000_000 * (1 + 4 * u);
  const bid = book.bids[0]?.px ?? mark;
  const ask = book.asks[0]?.px ?? mark;
  const { fundingRate, premium } = fundingAt(seed, asset, nextHour(nowMs), pins);
  return {
    funding: formatRate(fundingRate),
    openInterest: formatDecimal((2_000_000 * (1 + u)) / mark, asset.szDecimals),
    prevDayPx: formatPx(asset, prevDayPx),
    dayNtlVlm: formatDecimal(dayNtlVlm, 2),
    premium: formatRate(premium),
    oraclePx: formatPx(asset, mark),
    markPx: formatPx(asset, mark),
    midPx: formatDecimal(bookMid(book), book.decimals + 1),
    impactPxs: [formatBookPrice(book, bid), formatBookPrice(book, ask)],
    dayBaseVlm: formatDecimal(dayNtlVlm / mark, asset.szDecimals),
  };
}

function allMids(seed: number, nowMs: number, pins: MarkPins): Record<string, string> {
  const mids: Record<string, string> = {};
  for (const asset of PERP_ASSETS) {
    // Mainnet's own mid while the market follows it (PAPER_PRICES) and nothing is pinned.
    const live = pins.at(asset.name, nowMs) === undefined && pins.source?.liveMid(asset, nowMs);
    if (live) {
      mids[asset.name] = live;
      continue;
    }
    const book = bookAt(seed, asset, nowMs, pins);
    mids[asset.name] = formatDecimal(bookMid(book), book.decimals + 1);
  }
  return mids;
}

function assetNamed(coin: string): PerpAsset | undefined {
  return PERP_ASSETS[assetIdByName(coin)];
}

/** Synthetic market trades (one every 5 seconds). */
function syntheticTrades(seed: number, asset: PerpAsset, nowMs: number, pins: MarkPins) {
  const key = coinKey(asset.name);
  const trades = [];
  for (let k = 0; k < 20; k += 1) {
    const time = Math.floor(nowMs / 5000) * 5000 - k * 5000;
    const u = unitNoise(seed, key, time / 5000);
    const px = markPriceAt(seed, asset, time, pins);
    const tid = Math.abs(Math.floor(u * 2 ** 40)) + time;
    trades.push({
      coin: asset.name,
      side: u >= 0 ? 'B' : 'A',
      px: formatPx(asset, px),
      sz: formatDecimal(
        Math.max((500 * (1 + 3 * Math.abs(u))) / px, 10 ** -asset.szDecimals),
        asset.szDecimals,
      ),
      time,
      hash: `0x${tid.toString(16).padStart(64, '0')}`,
      tid,
      users: [ZERO_ADDRESS, ZERO_ADDRESS],
    });
  }
  return trades;
}

/**
 * The synthetic trades plus the paper users' taker fills of the last minute (the newest
 * MAX_RECENT_USER_TRADES, found by an index on coin and time, not by visiting accounts).
 */
async function recentTrades(deps: ExchangeDeps, asset: PerpAsset, nowMs: number) {
  const trades = syntheticTrades(deps.seed, asset, nowMs, deps.pins);
  const fills = await deps.store.read.recentTakerFills(
    asset.name,
    nowMs - 60_000,
    MAX_RECENT_USER_TRADES,
  );
  for (const { address, fill } of fills) {
    trades.push({
      coin: fill.coin,
      side: fill.side,
      px: fill.px,
      sz: fill.sz,
      time: fill.time,
      hash: fill.hash,
      tid: fill.tid,
      users: fill.side === 'B' ? [address, ZERO_ADDRESS] : [ZERO_ADDRESS, address],
    });
  }
  return trades.sort((a, b) => b.time - a.time);
}

/**
 * Answers a market-data /info request, or returns undefined when `type` is not one of them.
 * Throws BadRequestError for a malformed body.
 */
export async function marketInfo(
  deps: ExchangeDeps,
  body: Json,
  nowMs: number,
): Promise<{ value: unknown } | undefined> {
  const seed = deps.seed;
  switch (body.type) {
    case 'meta':
      return { value: metaResponse() };
    case 'metaAndAssetCtxs':
      return {
        value: [metaResponse(), PERP_ASSETS.map((a) => assetCtx(seed, a, nowMs, deps.pins))],
      };
    case 'allMids':
      return { value: allMids(seed, nowMs, deps.pins) };
    case 'l2Book': {
      const asset = assetNamed(readString(body.coin, 'coin'));
      if (!asset) return { value: null };
      const live =
        deps.pins.at(asset.name, nowMs) === undefined
          ? await deps.pins.source?.l2Book(asset, nowMs)
          : undefined;
      if (live) return { value: { coin: asset.name, time: live.time, levels: live.levels } };
      return {
        value: l2BookResponse(
          asset.name,
          bookAt(seed, asset, nowMs, deps.pins),
          asset.szDecimals,
          nowMs,
        ),
      };
    }
    case 'candleSnapshot': {
      const req = readObject(body.req, 'req');
      const asset = assetNamed(readString(req.coin, 'coin'));
      const interval = readEnum(req.interval, CANDLE_INTERVALS, 'interval');
      const start = readUint(req.startTime, 'startTime');
      const end = readOptionalUint(req.endTime, 'endTime') ?? nowMs;
      if (!asset) return { value: [] };
      const live = await deps.pins.source?.candles(asset, interval, start, end, nowMs);
      return { value: live ?? candlesBetween(seed, asset, interval, start, end, nowMs, deps.pins) };
    }
    case 'recentTrades': {
      const asset = assetNamed(readString(body.coin, 'coin'));
      return { value: asset ? await recentTrades(deps, asset, nowMs) : [] };
    }
    default:
      return undefined;
  }
}
