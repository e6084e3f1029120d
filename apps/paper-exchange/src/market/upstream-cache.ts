import type { Book, BookLevel } from './book.js';
import type { UpstreamBook, UpstreamCandle } from './upstream.js';
import { decimalPlaces, normalizeDecimal } from '../util/decimal.js';

/** An upstream book is the engine's book within this of its fetch, and served this long. */
export const BOOK_FRESH_MS = 2_000;
export const BOOK_CACHE_MS = 2_000;
/**
 * Candles are asked again after this, or when a new candle opens (the cache key changes); in
 * between, the running candle follows the polled mids. A candle subscription of /ws, which
 * reads every second, so costs one candleSnapshot (weight 20 and up) a minute, not sixty.
 */
export const CANDLE_CACHE_MS = 60_000;
const CANDLE_CACHE_ENTRIES = 200;

/** Mainnet's book as the engine's (numbers, the price's decimals); undefined: a side is empty. */
export function toBook(book: UpstreamBook): Book | undefined {
  const [bids, asks] = book.levels;
  if (bids.length === 0 || asks.length === 0) return undefined;
  let decimals = 0;
  const level = (l: { px: string; sz: string; n: number }): BookLevel => {
    decimals = Math.max(decimals, decimalPlaces(normalizeDecimal(l.px) ?? l.px));
    return { px: Number(l.px), sz: Number(l.sz), n: l.n };
  };
  return { bids: bids.map(level), asks: asks.map(level), decimals };
}

export function errorReason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface CachedBook {
  book: UpstreamBook;
  engine: Book | undefined;
  at: number;
}

export interface CachedCandles {
  candles: UpstreamCandle[];
  at: number;
}

/** Fetched candles by key, the least recently stored dropped past CANDLE_CACHE_ENTRIES. */
export class CandleCache {
  readonly #entries = new Map<string, CachedCandles>();

  get(key: string): CachedCandles | undefined {
    return this.#entries.get(key);
  }

  set(key: string, entry: CachedCandles): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > CANDLE_CACHE_ENTRIES) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
  }
}

/** One request per key at a time: concurrent readers share its answer. */
export class SharedRequests {
  readonly #inFlight = new Map<string, Promise<unknown>>();

  once<T>(key: string, request: () => Promise<T>): Promise<T> {
    const pending = this.#inFlight.get(key) as Promise<T> | undefined;
    if (pending) return pending;
    const started = request().finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, started);
    return started;
  }
}
