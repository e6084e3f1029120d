import type { PerpAsset } from './assets.js';
import type { Book } from './book.js';
import type { CandleInterval } from './candles.js';
import type { MarkPins } from './pins.js';
import { midPriceAt } from './price-path.js';
import type { UpstreamBook, UpstreamCandle } from './upstream.js';

/**
 * Where the paper market's prices come from besides pins (PAPER_PRICES, market/source.ts):
 * Hyperliquid mainnet's mids while it answers, the seeded path continuing from its last price
 * when it does not. Reached through the exchange's MarkPins (`pins.source`), which every price
 * lookup of the engine and of /info already carries; pins win over it.
 */
export interface PriceSource {
  /** The mid of `asset` at `timeMs` (USD, not on the tick grid); undefined: the seeded path. */
  midAt(seed: number, asset: PerpAsset, timeMs: number): number | undefined;
  /** The upstream's own book of `asset`, when one fetched near `timeMs` is at hand. */
  bookAt(asset: PerpAsset, timeMs: number): Book | undefined;
  /** The upstream's mid of `asset` as it wrote it, when it is fresh at `timeMs`. */
  liveMid(asset: PerpAsset, timeMs: number): string | undefined;
  /** Mainnet's l2Book answer for `asset`; undefined: answer with the paper book. */
  l2Book(asset: PerpAsset, nowMs: number): Promise<UpstreamBook | undefined>;
  /** Mainnet's candles of `asset` opening in [startMs, endMs]; undefined: the paper candles. */
  candles(
    asset: PerpAsset,
    interval: CandleInterval,
    startMs: number,
    endMs: number,
    nowMs: number,
  ): Promise<UpstreamCandle[] | undefined>;
  /** Before a request works: polling runs, and after an idle spell mainnet is asked first. */
  ready(): Promise<void>;
}

/** The mid of `asset` at `timeMs` where nothing is pinned: the source's, else the seeded path. */
export function pathMidAt(seed: number, asset: PerpAsset, timeMs: number, pins?: MarkPins): number {
  return pins?.source?.midAt(seed, asset, timeMs) ?? midPriceAt(seed, asset, timeMs);
}
