import { formatDecimal, roundTo } from '../util/decimal.js';
import { priceDecimals } from './assets.js';
import type { PerpAsset } from './assets.js';
import type { MarkPins } from './pins.js';
import { pathMidAt } from './mid.js';
import { coinKey, unitNoise } from './price-path.js';

/** One price level of the synthetic book; prices in USD, sizes in coin units. */
export interface BookLevel {
  px: number;
  sz: number;
  n: number;
}

export interface Book {
  bids: BookLevel[];
  asks: BookLevel[];
  /** Decimals of every price in this book (the tick is 10^−decimals). */
  decimals: number;
}

export const BOOK_DEPTH = 20;
/** Half the quoted spread, as a fraction of mid (0.5 bp). */
const HALF_SPREAD = 0.00005;
/** Typical USD notional resting at one level, per asset. */
const LEVEL_NOTIONAL_USD: Record<string, number> = { BTC: 150_000, ETH: 80_000, SOL: 40_000 };
const DEFAULT_LEVEL_NOTIONAL_USD = 15_000;

function levelSize(
  seed: number,
  asset: PerpAsset,
  minute: number,
  side: number,
  level: number,
  px: number,
): number {
  const base = LEVEL_NOTIONAL_USD[asset.name] ?? DEFAULT_LEVEL_NOTIONAL_USD;
  const u = (unitNoise(seed, coinKey(asset.name), minute, side, level) + 1) / 2;
  const notional = base * (0.3 + 1.4 * u) * (1 + level / 5);
  return Math.max(roundTo(notional / px, asset.szDecimals), 10 ** -asset.szDecimals);
}

/**
 * The synthetic order book at `timeMs`: BOOK_DEPTH levels a side, one tick apart, around the
 * seeded mid. The tick is taken a little above the mid so that every level stays valid when
 * the ladder crosses a power of ten. Sizes change once a minute.
 */
export function bookAt(seed: number, asset: PerpAsset, timeMs: number, pins?: MarkPins): Book {
  const pinned = pins?.at(asset.name, timeMs);
  // Mainnet's own book, when the source fetched one near this time (PAPER_PRICES).
  const live = pinned === undefined ? pins?.source?.bookAt(asset, timeMs) : undefined;
  if (live) return live;
  const mid = pinned ?? pathMidAt(seed, asset, timeMs, pins);
  const decimals = priceDecimals(asset, mid * 1.01);
  const factor = 10 ** decimals;
  const bestBidTicks = Math.floor(mid * (1 - HALF_SPREAD) * factor);
  const bestAskTicks = Math.max(Math.ceil(mid * (1 + HALF_SPREAD) * factor), bestBidTicks + 1);
  const minute = Math.floor(timeMs / 60_000);
  const bids: BookLevel[] = [];
  const asks: BookLevel[] = [];
  for (let level = 0; level < BOOK_DEPTH; level += 1) {
    const bidPx = (bestBidTicks - level) / factor;
    const askPx = (bestAskTicks + level) / factor;
    const n = 1 + (Math.abs(Math.floor(unitNoise(seed, minute, level) * 5)) % 5);
    if (bidPx > 0) bids.push({ px: bidPx, sz: levelSize(seed, asset, minute, 0, level, bidPx), n });
    asks.push({ px: askPx, sz: levelSize(seed, asset, minute, 1, level, askPx), n });
  }
  return { bids, asks, decimals };
}

/** The mid of the book's best bid and ask, as allMids shows it. */
export function bookMid(book: Book): number {
  const bid = book.bids[0]?.px ?? 0;
  const ask = book.asks[0]?.px ?? bid;
  return (bid + ask) / 2;
}

/** A price of this book as a wire string. */
export function formatBookPrice(book: Book, px: number): string {
  return formatDecimal(px, book.decimals);
}

/** The book in /info l2Book shape: `levels = [bids desc, asks asc]`. */
export function l2BookResponse(coin: string, book: Book, szDecimals: number, timeMs: number) {
  const level = (l: BookLevel) => ({
    px: formatBookPrice(book, l.px),
    sz: formatDecimal(l.sz, szDecimals),
    n: l.n,
  });
  return { coin, time: timeMs, levels: [book.bids.map(level), book.asks.map(level)] };
}
