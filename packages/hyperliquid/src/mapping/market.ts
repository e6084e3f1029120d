import type {
  AllMidsResponse,
  CandleSnapshotResponse,
  L2BookResponse,
  MetaResponse,
  RecentTradesResponse,
} from '@nktkas/hyperliquid/api/info';
import type { Candle, Market, OrderBook, PublicTrade, Ticker } from '@tb/core';
import { decimal, list, record, sideOf, symbolOf } from './parse.js';

type Level = { px: string; sz: string };
type Book = NonNullable<L2BookResponse>;

/** Perp markets of meta: id = coin, asset id = index in the universe. Delisted ones are left out. */
export function toMarkets(meta: MetaResponse): Market[] {
  return list<MetaResponse['universe'][number]>(record(meta).universe).flatMap((asset, index) =>
    asset.isDelisted
      ? []
      : [
          {
            id: asset.name,
            symbol: symbolOf(asset.name),
            base: asset.name,
            quote: 'USD',
            assetId: index,
            maxLeverage: decimal(asset.maxLeverage),
            sizeDecimals: decimal(asset.szDecimals),
          },
        ],
  );
}

const levels = (side: unknown, limit: number): [number, number][] =>
  list<Level>(side)
    .slice(0, limit)
    .map((l) => [decimal(l.px), decimal(l.sz)]);

/** An l2Book as [price, size] levels, best first, at most `limit` a side. */
export function toOrderBook(book: Book, limit: number): OrderBook {
  const [bids, asks] = list(record(book).levels);
  return {
    symbol: symbolOf(book.coin),
    bids: levels(bids, limit),
    asks: levels(asks, limit),
    timestamp: decimal(book.time),
  };
}

/** A ticker: last = the mid, bid/ask = the book's best levels (null when a side is empty). */
export function toTicker(coin: string, mid: number, book: Book | null, now: number): Ticker {
  const top = book ? toOrderBook(book, 1) : null;
  return {
    symbol: symbolOf(coin),
    last: mid,
    bid: top?.bids[0]?.[0] ?? null,
    ask: top?.asks[0]?.[0] ?? null,
    timestamp: top?.timestamp ?? now,
  };
}

/** Tickers of every listed perp with a mid (bid/ask null: one book per coin would be too many). */
export function toTickers(meta: MetaResponse, mids: AllMidsResponse, now: number): Ticker[] {
  const byCoin = record(mids);
  return toMarkets(meta).flatMap((m) => {
    const mid = byCoin[m.id];
    return mid === undefined
      ? []
      : [{ symbol: m.symbol, last: decimal(mid), bid: null, ask: null, timestamp: now }];
  });
}

/** Candles [t, o, h, l, c, v], oldest first, the last `limit` of them. */
export function toCandles(candles: CandleSnapshotResponse, limit: number): Candle[] {
  return list<CandleSnapshotResponse[number]>(candles)
    .map((c): Candle => [
      decimal(c.t),
      decimal(c.o),
      decimal(c.h),
      decimal(c.l),
      decimal(c.c),
      decimal(c.v),
    ])
    .sort((a, b) => a[0] - b[0])
    .slice(-limit);
}

/** Recent public trades, newest first, at most `limit`; id = the trade id. */
export function toPublicTrades(trades: RecentTradesResponse, limit: number): PublicTrade[] {
  return list<RecentTradesResponse[number]>(trades)
    .map((t) => ({
      id: String(t.tid),
      timestamp: decimal(t.time),
      symbol: symbolOf(t.coin),
      side: sideOf(t.side),
      price: decimal(t.px),
      amount: decimal(t.sz),
    }))
    .sort((a, b) => b.timestamp - a.timestamp)
    .slice(0, limit);
}
