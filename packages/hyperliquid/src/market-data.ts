import type { InfoClient } from '@nktkas/hyperliquid';
import type { AllMidsResponse, MetaResponse } from '@nktkas/hyperliquid/api/info';
import type {
  Candle,
  Market,
  OhlcvQuery,
  OrderBook,
  SymbolPrice,
  PublicTrade,
  Ticker,
} from '@tb/core';
import { CACHE_TTL_MS as TTL, type SharedCache } from './cache.js';
import {
  checkBook,
  checkCandles,
  checkMeta,
  checkMetaAndCtxs,
  checkMids,
  checkTrades,
} from './mapping/answers.js';
import { ExchangeError, exchangeCall, mapResponse } from './errors.js';
import type { MarketData } from './exchange-client.js';
import { decimal, list, record } from './mapping/parse.js';
import {
  toCandles,
  toMarkets,
  toOrderBook,
  toPublicTrades,
  toTicker,
  toTickers,
} from './mapping/market.js';
import { resolveCoin } from './symbols.js';
import type { Asset } from './types.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Length of a candle of each interval; a month counts 30 days. */
export const INTERVAL_MS: Readonly<Record<OhlcvQuery['timeframe'], number>> = {
  '1m': MINUTE,
  '3m': 3 * MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': HOUR,
  '2h': 2 * HOUR,
  '4h': 4 * HOUR,
  '8h': 8 * HOUR,
  '12h': 12 * HOUR,
  '1d': DAY,
  '3d': 3 * DAY,
  '1w': 7 * DAY,
  '1M': 30 * DAY,
};

/** How far back `n` candles of an interval reach at most: a month counts 31 days here. */
const reach = (interval: OhlcvQuery['timeframe'], n: number) =>
  n * (interval === '1M' ? 31 * DAY : INTERVAL_MS[interval]);

/**
 * The open of the candle of `interval` that contains `timeMs` (UTC): whole intervals since the
 * epoch, weeks from Monday like Hyperliquid's (the epoch was a Thursday), calendar months.
 */
export function candleOpen(interval: OhlcvQuery['timeframe'], timeMs: number): number {
  if (interval === '1M') {
    const day = new Date(timeMs);
    return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1);
  }
  const length = INTERVAL_MS[interval];
  const offset = interval === '1w' ? 4 * DAY : 0;
  return Math.floor((timeMs - offset) / length) * length + offset;
}

/**
 * The `since` a candles query is read and cached with (issue 29): the open of the candle that
 * contains it, so every `since` inside one candle shares one cache entry; none (the most recent
 * `limit` candles) when it lies further back than `limit` candles reach, as the answer is then
 * the same (the most recent `limit` of the candles since then), so no request reads deeper
 * than the candles it answers; a time to come counts as now.
 */
function candlesSince(query: OhlcvQuery, nowMs: number): number | undefined {
  const { timeframe, limit, since } = query;
  if (since === undefined || since <= nowMs - reach(timeframe, limit)) return undefined;
  return candleOpen(timeframe, Math.min(since, nowMs));
}

const unknownSymbol = (symbol: string) =>
  new ExchangeError('unknown-symbol', `Could not fetch price for ${symbol}`);

/**
 * Public market data of one network, cached and single-flight per key (CACHE_TTL_MS), so
 * the load on the exchange does not grow with the number of users. Only answers of the right
 * shape are kept (mapping/answers.ts): an error body or garbage fails that load alone. Also the source of asset
 * ids, size decimals and mids for the accounts of the same network.
 */
export class HyperliquidMarket implements MarketData {
  constructor(
    private readonly info: InfoClient,
    private readonly cache: SharedCache,
    private readonly now: () => number,
  ) {}

  /** meta (60 s): the perp universe; asset id = index. */
  meta(): Promise<MetaResponse> {
    return this.cache.get('meta', TTL.meta, () => exchangeCall(() => this.info.meta()), checkMeta);
  }

  /** allMids (1 s): mid price by coin ('@N' and 'X/USDC' keys are spot). */
  mids(): Promise<AllMidsResponse> {
    return this.cache.get(
      'allMids',
      TTL.allMids,
      () => exchangeCall(() => this.info.allMids()),
      checkMids,
    );
  }

  /** The next mids are read from the exchange (a paper mark was pinned: tests and demos). */
  forgetMids(): void {
    this.cache.forget('allMids');
  }

  /** The perp asset of a symbol in any shape; 'unknown-symbol' when meta does not list it. */
  async asset(symbol: string): Promise<Asset> {
    const universe = await this.universe();
    const coin = resolveCoin(universe.keys(), symbol);
    const asset = coin === null ? undefined : universe.get(coin);
    if (!asset) throw unknownSymbol(symbol);
    return asset;
  }

  /** Asset ids by coin name. */
  async assetIds(): Promise<Map<string, number>> {
    const universe = await this.universe();
    return new Map([...universe].map(([coin, a]) => [coin, a.assetId]));
  }

  /** The reference price of a market order: the mid, else the mark price (1 s caches). */
  async referencePrice(coin: string): Promise<number | null> {
    const mid = record<AllMidsResponse>(await this.mids())[coin];
    if (mid !== undefined) return mapResponse(() => decimal(mid));
    const [meta, ctxs] = await this.metaAndCtxs();
    return mapResponse(() => {
      const index = list<{ name: string }>(meta.universe).findIndex((a) => a.name === coin);
      const ctx = list<{ markPx: string }>(ctxs)[index];
      return ctx ? decimal(ctx.markPx) : null;
    });
  }

  /**
   * The current hourly funding rate of a symbol's perp (metaAndAssetCtxs' `funding`, a fraction
   * of notional; cached 1 s with the mark prices), or null when its context has none.
   * 'unknown-symbol' when meta does not list the coin.
   */
  async fundingRate(symbol: string): Promise<number | null> {
    const { coin } = await this.asset(symbol);
    const [meta, ctxs] = await this.metaAndCtxs();
    return mapResponse(() => {
      const index = list<{ name: string }>(meta.universe).findIndex((a) => a.name === coin);
      const funding = list<{ funding?: unknown }>(ctxs)[index]?.funding;
      return funding === undefined || funding === null ? null : decimal(funding);
    });
  }

  private metaAndCtxs() {
    return this.cache.get(
      'metaAndAssetCtxs',
      TTL.metaAndAssetCtxs,
      () => exchangeCall(() => this.info.metaAndAssetCtxs()),
      checkMetaAndCtxs,
    );
  }

  async markets(): Promise<Market[]> {
    const meta = await this.meta();
    return mapResponse(() => toMarkets(meta));
  }

  async tickers(): Promise<Ticker[]> {
    const [meta, mids] = await Promise.all([this.meta(), this.mids()]);
    return mapResponse(() => toTickers(meta, mids, this.now()));
  }

  async ticker(symbol: string): Promise<Ticker> {
    const { coin, mid } = await this.midOf(symbol);
    const book = await this.book(coin);
    return mapResponse(() => toTicker(coin, mid, book, this.now()));
  }

  /** One allMids request answers every price: the coin is resolved among its keys. */
  async price(symbol: string): Promise<SymbolPrice> {
    const { coin, mid } = await this.midOf(symbol);
    return { symbol: `${coin}-USD`, price: mid };
  }

  async orderBook(symbol: string, limit: number): Promise<OrderBook> {
    const { coin } = await this.asset(symbol);
    const book = await this.book(coin);
    if (!book) throw unknownSymbol(symbol);
    return mapResponse(() => toOrderBook(book, limit));
  }

  /**
   * The most recent `limit` candles (from the one containing `since` on), read from
   * `candlesSince`'s start: never more than `limit` candles back, one cache entry per candle.
   */
  async ohlcv(symbol: string, query: OhlcvQuery): Promise<Candle[]> {
    const { coin } = await this.asset(symbol);
    const { timeframe: interval, limit } = query;
    const since = candlesSince(query, this.now());
    const key = `candles:${coin}:${interval}:${limit}:${since ?? ''}`;
    const candles = await this.cache.get(
      key,
      TTL.candles,
      () => {
        const startTime = since ?? this.now() - reach(interval, limit);
        return exchangeCall(() => this.info.candleSnapshot({ coin, interval, startTime }));
      },
      checkCandles,
    );
    return mapResponse(() => toCandles(candles, limit));
  }

  async publicTrades(symbol: string, limit: number): Promise<PublicTrade[]> {
    const { coin } = await this.asset(symbol);
    const trades = await this.cache.get(
      `recentTrades:${coin}`,
      TTL.recentTrades,
      () => exchangeCall(() => this.info.recentTrades({ coin })),
      checkTrades,
    );
    return mapResponse(() => toPublicTrades(trades, limit));
  }

  private book(coin: string) {
    return this.cache.get(
      `l2Book:${coin}`,
      TTL.l2Book,
      () => exchangeCall(() => this.info.l2Book({ coin })),
      checkBook,
    );
  }

  private async midOf(symbol: string): Promise<{ coin: string; mid: number }> {
    const mids = await this.mids();
    const byCoin = mapResponse(() => record<AllMidsResponse>(mids));
    // Spot keys ('@1', 'PURR/USDC') are not markets of this app.
    const perps = Object.keys(byCoin).filter((k) => !/[@/]/.test(k));
    const coin = resolveCoin(perps, symbol);
    const mid = coin === null ? undefined : byCoin[coin];
    if (coin === null || mid === undefined) throw unknownSymbol(symbol);
    return { coin, mid: mapResponse(() => decimal(mid)) };
  }

  /** meta's perp universe by coin name, derived once per fetched meta. */
  private async universe(): Promise<Map<string, Asset>> {
    const meta = await this.meta();
    let assets = this.universes.get(meta);
    if (!assets) {
      assets = mapResponse(
        () =>
          new Map(
            list<MetaResponse['universe'][number]>(record(meta).universe).map((a, assetId) => [
              a.name,
              {
                coin: a.name,
                assetId,
                szDecimals: decimal(a.szDecimals),
                maxLeverage: decimal(a.maxLeverage),
              },
            ]),
          ),
      );
      this.universes.set(meta, assets);
    }
    return assets;
  }

  private readonly universes = new WeakMap<object, Map<string, Asset>>();
}
