import { PERP_ASSETS } from './assets.js';
import type { PerpAsset } from './assets.js';
import type { Book } from './book.js';
import type { PriceSource } from './mid.js';
import type { PriceMemory, PriceSnapshot } from './price-memory.js';
import { candleBounds } from './candles.js';
import type { CandleInterval } from './candles.js';
import type { UpstreamBook, UpstreamCandle, UpstreamClient } from './upstream.js';
import { followMids, isLiveAt, midsSampledAt, recordMids, timelineMid } from './mark-timeline.js';
import type { Histories } from './mark-timeline.js';
import {
  BOOK_CACHE_MS,
  BOOK_FRESH_MS,
  CANDLE_CACHE_MS,
  CandleCache,
  SharedRequests,
  errorReason,
  toBook,
} from './upstream-cache.js';
import type { CachedBook } from './upstream-cache.js';
import { formatDecimal } from '../util/decimal.js';

/**
 * The paper market follows Hyperliquid mainnet (PAPER_PRICES, DESIGN.md section 12).
 *
 * - `auto` (default): marks, mids, books and candles are mainnet's while it answers; when it
 *   stops answering, the seeded synthetic path takes over, continuing from the last mainnet
 *   price (so an open position is not liquidated by a jump to the path's own level), and
 *   mainnet takes over again at its next answer, without a restart.
 * - `mainnet`: never the synthetic path once mainnet has answered: while it is down the marks
 *   hold at its last prices (stale; /api/health says `upstream: "down"`). Until its first
 *   answer the market is the synthetic path, as there is nothing else to show.
 * - `synthetic`: the seeded path only; nothing is ever asked of the upstream.
 * Pins (PAPER_CONTROL) win over all three (market/pins.ts).
 *
 * Polling is lazy: `allMids` (weight 2) about once a second while the exchange is in use (a
 * read of prices touches it) and not at all once nobody has asked for IDLE_MS; every 5 s while
 * mainnet is down. `l2Book` and `candleSnapshot` are asked on demand, with a short cache.
 *
 * The marks are one function of the samples received, fresh for FRESH_MS, the seeded path
 * joining the gaps (market/mark-timeline.ts). Mainnet's books and candles are read on demand
 * and cached (market/upstream-cache.ts).
 */

export const PAPER_PRICES_MODES = ['auto', 'mainnet', 'synthetic'] as const;
export type PaperPricesMode = (typeof PAPER_PRICES_MODES)[number];

/** What /api/health says of the paper market's prices. */
export interface PaperPricesStatus {
  mode: PaperPricesMode;
  /** Where the marks come from now. */
  source: 'mainnet' | 'synthetic';
  /** When `source` last changed (epoch ms); null: as it has been since the start. */
  since: number | null;
  /** The upstream's last answer: ok, down (failed), unknown (not asked yet), off (synthetic). */
  upstream: 'ok' | 'down' | 'unknown' | 'off';
}

/** Where the source reports a change of the upstream's state (one line per change). */
export interface MarketLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface MarketSourceOptions {
  mode: PaperPricesMode;
  upstream: UpstreamClient;
  /** The exchange's clock (epoch ms): the time of every sample. */
  now: () => number;
  log?: MarketLog;
  /** For the log: where the upstream is. */
  url?: string;
  /** Poll on timers while in use (default true); tests call poll() themselves. */
  autoPoll?: boolean;
  pollMs?: number;
  downPollMs?: number;
  idleMs?: number;
  freshMs?: number;
  /** How long the first request after an idle spell waits for mainnet's answer. */
  readyTimeoutMs?: number;
  /** Mainnet's last mids across a restart (market/price-memory.ts); saved once a minute. */
  memory?: PriceMemory;
}

export const FRESH_MS = 10_000;
const POLL_MS = 1_000;
const DOWN_POLL_MS = 5_000;
const IDLE_MS = 60_000;
const READY_TIMEOUT_MS = 1_000;
const SAVE_EVERY_MS = 60_000;

export class MarketSource implements PriceSource {
  readonly mode: PaperPricesMode;
  readonly #upstream: UpstreamClient;
  readonly #now: () => number;
  readonly #log: MarketLog | undefined;
  readonly #url: string | undefined;
  readonly #autoPoll: boolean;
  readonly #pollMs: number;
  readonly #downPollMs: number;
  readonly #idleMs: number;
  readonly #freshMs: number;
  readonly #readyTimeoutMs: number;

  readonly #history: Histories = new Map();
  readonly #books = new Map<string, CachedBook>();
  readonly #candles = new CandleCache();
  readonly #requests = new SharedRequests();

  #lastSuccessMs: number | undefined;
  #upstreamState: 'ok' | 'down' | 'unknown' = 'unknown';
  #source: 'mainnet' | 'synthetic' = 'synthetic';
  #since: number | null = null;
  #running = false;
  #closed = false;
  #lastTouch = 0;
  #timer: NodeJS.Timeout | undefined;
  #firstPoll: Promise<unknown> | undefined;
  readonly #memory: PriceMemory | undefined;
  #lastSaved: PriceSnapshot | undefined;

  constructor(options: MarketSourceOptions) {
    this.mode = options.mode;
    this.#upstream = options.upstream;
    this.#now = options.now;
    this.#log = options.log;
    this.#url = options.url;
    this.#autoPoll = options.autoPoll ?? true;
    this.#pollMs = options.pollMs ?? POLL_MS;
    this.#downPollMs = options.downPollMs ?? DOWN_POLL_MS;
    this.#idleMs = options.idleMs ?? IDLE_MS;
    this.#freshMs = options.freshMs ?? FRESH_MS;
    this.#readyTimeoutMs = options.readyTimeoutMs ?? READY_TIMEOUT_MS;
    this.#memory = options.memory;
    // Mainnet's last mids before a restart: the marks continue from them until it answers.
    const remembered = this.mode === 'synthetic' ? undefined : this.#memory?.load();
    if (remembered) {
      recordMids(this.#history, remembered.time, remembered.mids);
      this.#lastSaved = remembered;
    }
  }

  // ---- prices (PriceSource) ----

  midAt(seed: number, asset: PerpAsset, timeMs: number): number | undefined {
    if (this.mode === 'synthetic') return undefined;
    this.touch();
    const history = this.#history.get(asset.name);
    return timelineMid(history, seed, asset, timeMs, this.#freshMs, this.mode === 'mainnet');
  }

  bookAt(asset: PerpAsset, timeMs: number): Book | undefined {
    if (this.mode === 'synthetic') return undefined;
    const cached = this.#books.get(asset.name);
    if (!cached || Math.abs(timeMs - cached.at) > BOOK_FRESH_MS) return undefined;
    return this.#isLive(asset, timeMs) ? cached.engine : undefined;
  }

  liveMid(asset: PerpAsset, timeMs: number): string | undefined {
    if (!this.#isLive(asset, timeMs)) return undefined;
    const history = this.#history.get(asset.name)!;
    return formatDecimal(history.prices[history.indexAt(timeMs)]!, 8);
  }

  /** Whether `asset`'s mid at `timeMs` is mainnet's own (not the synthetic path). */
  #isLive(asset: PerpAsset, timeMs: number): boolean {
    const history = this.#history.get(asset.name);
    return isLiveAt(history, timeMs, this.#freshMs, this.mode === 'mainnet');
  }

  // ---- on-demand market data ----

  /** Mainnet's book of `asset` (cached BOOK_CACHE_MS), or undefined: use the paper book. */
  async l2Book(asset: PerpAsset, nowMs: number): Promise<UpstreamBook | undefined> {
    if (this.mode === 'synthetic') return undefined;
    this.touch();
    if (!this.#isLive(asset, nowMs)) return undefined;
    const cached = this.#books.get(asset.name);
    if (cached && nowMs - cached.at <= BOOK_CACHE_MS && nowMs >= cached.at) return cached.book;
    try {
      const book = await this.#requests.once(`book:${asset.name}`, () =>
        this.#upstream.l2Book(asset.name),
      );
      if (!book) return undefined;
      const at = this.#now();
      this.#books.set(asset.name, { book, engine: toBook(book), at });
      return book;
    } catch {
      // The mids' poll reports the upstream's state; a book it could not give is the paper one.
      return this.mode === 'mainnet' ? cached?.book : undefined;
    }
  }

  /**
   * Mainnet's candles of `asset` opening in [startMs, endMs] (cached CANDLE_CACHE_MS per coin,
   * interval and candle-aligned range), the running one closing at the current mid; undefined:
   * use the paper candles.
   */
  async candles(
    asset: PerpAsset,
    interval: CandleInterval,
    startMs: number,
    endMs: number,
    nowMs: number,
  ): Promise<UpstreamCandle[] | undefined> {
    if (this.mode === 'synthetic') return undefined;
    this.touch();
    if (!this.#isLive(asset, nowMs)) return undefined;
    const until = Math.min(endMs, nowMs);
    if (until < startMs) return [];
    const from = candleBounds(interval, startMs)[0];
    const to = candleBounds(interval, until)[1];
    const key = `${asset.name}|${interval}|${from}|${to}`;
    let entry = this.#candles.get(key);
    if (!entry || nowMs - entry.at > CANDLE_CACHE_MS || nowMs < entry.at) {
      try {
        const candles = await this.#requests.once(`candles:${key}`, () =>
          this.#upstream.candles(asset.name, interval, from, to - 1),
        );
        entry = { candles, at: this.#now() };
        this.#candles.set(key, entry);
      } catch {
        if (!entry || this.mode !== 'mainnet') return undefined;
      }
    }
    const kept = entry.candles.filter((c) => c.t >= startMs && c.t <= until);
    const mid = this.liveMid(asset, nowMs);
    return followMids(kept, this.#history.get(asset.name), mid, entry.at, nowMs);
  }

  // ---- polling ----

  /** Asks mainnet for `allMids` once and records the coins of the paper universe it lists. */
  async poll(): Promise<boolean> {
    if (this.mode === 'synthetic') return false;
    try {
      const answer = await this.#requests.once('allMids', () => this.#upstream.allMids());
      const at = this.#now();
      const mids: Record<string, number> = {};
      for (const asset of PERP_ASSETS) {
        const px = Number(answer[asset.name]);
        if (answer[asset.name] !== undefined && Number.isFinite(px) && px > 0) {
          mids[asset.name] = px;
        }
      }
      recordMids(this.#history, at, mids);
      this.#lastSuccessMs = at;
      if (!this.#lastSaved || at - this.#lastSaved.time >= SAVE_EVERY_MS) this.#save(at, mids);
      this.#setUpstream('ok', at);
      return true;
    } catch (error) {
      this.#setUpstream('down', this.#now(), errorReason(error));
      return false;
    }
  }

  #save(timeMs: number, mids: Record<string, number>): void {
    if (!this.#memory) return;
    this.#lastSaved = { time: timeMs, mids };
    this.#memory.save(this.#lastSaved);
  }

  /** Something read prices: polling runs (again) if it had stopped. */
  touch(): void {
    if (this.mode === 'synthetic' || this.#closed) return;
    this.#lastTouch = performance.now();
    if (!this.#autoPoll || this.#running) return;
    this.#running = true;
    const first = this.#tick();
    this.#firstPoll = first;
    void first.finally(() => {
      if (this.#firstPoll === first) this.#firstPoll = undefined;
    });
  }

  /**
   * Called before a request works: after an idle spell, waits (at most readyTimeoutMs) for
   * mainnet's first answer, so the request sees its price rather than a stale one; at once
   * when mainnet was down at the last poll.
   */
  async ready(): Promise<void> {
    if (this.mode === 'synthetic') return;
    this.touch();
    const first = this.#firstPoll;
    if (!first || this.#upstreamState === 'down') return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      first,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.#readyTimeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }

  async #tick(): Promise<void> {
    this.#timer = undefined;
    const ok = await this.poll();
    if (this.#closed || performance.now() - this.#lastTouch > this.#idleMs) {
      this.#running = false;
      return;
    }
    this.#timer = setTimeout(() => void this.#tick(), ok ? this.#pollMs : this.#downPollMs);
    this.#timer.unref();
  }

  /** Stops polling for good (the exchange is closing). */
  close(): void {
    // The newest mids, for a restart that finds mainnet down.
    if (!this.#closed && this.#lastSuccessMs !== undefined) {
      const mids = midsSampledAt(this.#history, this.#lastSuccessMs);
      if (this.#lastSaved?.time !== this.#lastSuccessMs) this.#save(this.#lastSuccessMs, mids);
    }
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#running = false;
  }

  /** Whether polling runs now. */
  get polling(): boolean {
    return this.#running;
  }

  // ---- state ----

  status(nowMs: number = this.#now()): PaperPricesStatus {
    this.#updateSource(nowMs);
    return {
      mode: this.mode,
      source: this.#source,
      since: this.#since,
      upstream: this.mode === 'synthetic' ? 'off' : this.#upstreamState,
    };
  }

  #updateSource(nowMs: number): void {
    let source: 'mainnet' | 'synthetic' = 'synthetic';
    let since = nowMs;
    const last = this.#lastSuccessMs;
    if (this.mode !== 'synthetic' && last !== undefined) {
      const fresh = nowMs - last <= this.#freshMs;
      // Idle with mainnet up: the next request asks it first (ready) and follows it.
      const idleUp = !this.#running && this.#upstreamState === 'ok';
      if (this.mode === 'mainnet' || fresh || idleUp) source = 'mainnet';
      else since = last + this.#freshMs;
    }
    if (source === this.#source) return;
    this.#source = source;
    this.#since = since;
  }

  #setUpstream(state: 'ok' | 'down', nowMs: number, reason?: string): void {
    const previous = this.#upstreamState;
    this.#upstreamState = state;
    this.#updateSource(nowMs);
    if (previous === state) return;
    const where = this.#url ?? 'the upstream';
    if (state === 'ok') {
      this.#log?.info(
        { mode: this.mode },
        `paper prices: following Hyperliquid mainnet (${where})`,
      );
    } else {
      const then =
        this.#history.size === 0
          ? 'the paper market stays on the synthetic path'
          : this.mode === 'mainnet'
            ? 'the marks hold at its last prices'
            : 'the synthetic path continues from the last price';
      this.#log?.warn(
        { mode: this.mode, reason },
        `paper prices: Hyperliquid mainnet (${where}) does not answer; ${then}`,
      );
    }
  }
}
