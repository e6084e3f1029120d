import type { PaperExchange, PaperLog } from '../types.js';
import {
  isUserSubscription,
  message,
  type MarketSubscription,
  type Subscription,
  type UserSubscription,
} from './protocol.js';
import { UserWatch, type UserChannel } from './user-watch.js';

/**
 * The paper exchange's push feed behind /ws. The exchange computes state lazily (an account
 * catches up when it is read), so the feed has a tick: every `tickMs` while anyone subscribes
 * (stopped when no one does) it reads what its subscribers follow through the exchange's own
 * /info answers (the same marks, books, candles and trades; a user's read runs the engine's
 * catch-up, so resting orders, triggers, liquidations and funding happen) and pushes what
 * changed. Reading through /info also works across instances sharing one database: a fill
 * made by another instance is seen at the next tick.
 *
 * Market data is read once per tick for all its subscribers; a user's state once per tick for
 * all the connections following that user. Subscribing and ticking run one at a time, so a
 * subscription's snapshot and the pushes after it neither overlap nor leave a gap.
 */

/** Where one subscription's messages go (one per subscription of a connection). */
export interface FeedSink {
  /** A message as JSON text, `{channel, data}`. */
  send(text: string): void;
}

export interface PaperFeedOptions {
  /** The exchange's clock (epoch ms): candles and funding hours are read at its time. */
  now?: () => number;
  /** Time between two ticks while anyone subscribes (default 1,000 ms). */
  tickMs?: number;
  /** A tick that failed is reported here (the next tick tries again). */
  log?: PaperLog;
}

const DEFAULT_TICK_MS = 1000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const INTERVAL_MS: Record<string, number> = {
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
  '1M': 31 * DAY,
};

interface Trade {
  tid: number;
  time: number;
  coin: string;
}

/** One market subscription shared by every sink that follows it. */
interface MarketTopic {
  subscription: MarketSubscription;
  sinks: Set<FeedSink>;
  /** The last data pushed, as JSON (allMids, l2Book, candle: pushed again when it differs). */
  last?: string;
  /** trades: the tids of the last read (a trade not among them is new). */
  seen?: Set<number>;
}

function topicKey(subscription: MarketSubscription): string {
  switch (subscription.type) {
    case 'allMids':
      return 'allMids';
    case 'candle':
      return JSON.stringify([subscription.type, subscription.coin, subscription.interval]);
    default:
      return JSON.stringify([subscription.type, subscription.coin]);
  }
}

export class PaperFeed {
  readonly #exchange: Pick<PaperExchange, 'info'>;
  readonly #now: () => number;
  readonly #tickMs: number;
  readonly #log: PaperLog | undefined;
  readonly #topics = new Map<string, MarketTopic>();
  readonly #users = new Map<string, UserWatch>();
  #queue: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #ticking = false;
  #closed = false;

  constructor(exchange: Pick<PaperExchange, 'info'>, options: PaperFeedOptions = {}) {
    this.#exchange = exchange;
    this.#now = options.now ?? Date.now;
    this.#tickMs = options.tickMs ?? DEFAULT_TICK_MS;
    this.#log = options.log;
  }

  /**
   * Starts pushing `subscription` to `sink`: first what Hyperliquid sends on subscribing (the
   * mids, the book, the recent trades, the current candle; a user's fills and funding as
   * `isSnapshot: true`), then the changes at each tick.
   */
  add(subscription: Subscription, sink: FeedSink): Promise<void> {
    return this.#serial(async () => {
      if (this.#closed) return;
      if (isUserSubscription(subscription)) await this.#addUser(subscription, sink);
      else await this.#addMarket(subscription, sink);
      this.#start();
    });
  }

  /** Stops pushing `subscription` to `sink` at once (a tick under way sends it nothing more). */
  remove(subscription: Subscription, sink: FeedSink): void {
    if (isUserSubscription(subscription)) {
      const watch = this.#users.get(subscription.user);
      if (watch?.remove(subscription.type, sink) === false) {
        this.#users.delete(subscription.user);
      }
    } else {
      const key = topicKey(subscription);
      const topic = this.#topics.get(key);
      topic?.sinks.delete(sink);
      if (topic?.sinks.size === 0) this.#topics.delete(key);
    }
    if (this.#topics.size === 0 && this.#users.size === 0) this.#stop();
  }

  /** Reads what the subscribers follow and pushes what changed (the timer calls it). */
  tick(): Promise<void> {
    return this.#serial(async () => {
      // One topic or user whose read fails (the store, a 503) does not hold the others back.
      for (const topic of [...this.#topics.values()]) {
        await this.#tickMarket(topic).catch((error: unknown) => this.#failed(error));
      }
      for (const watch of [...this.#users.values()]) {
        await watch.update(this.#now()).catch((error: unknown) => this.#failed(error));
      }
    });
  }

  /** Whether the tick runs (someone subscribes). */
  get running(): boolean {
    return this.#timer !== undefined;
  }

  /** Stops the tick for good; later subscriptions get nothing. */
  close(): void {
    this.#closed = true;
    this.#stop();
    this.#topics.clear();
    this.#users.clear();
  }

  #serial(work: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(work);
    this.#queue = run.catch((error: unknown) => this.#failed(error));
    return run;
  }

  #failed(error: unknown): void {
    const err = error instanceof Error ? { type: error.name, message: error.message } : error;
    this.#log?.error({ err }, 'paper exchange feed: a read failed; tried again at the next tick');
  }

  #start(): void {
    if (this.#timer || this.#closed) return;
    if (this.#topics.size === 0 && this.#users.size === 0) return;
    this.#timer = setInterval(() => {
      if (this.#ticking) return;
      this.#ticking = true;
      this.tick()
        .catch(() => undefined)
        .finally(() => {
          this.#ticking = false;
        });
    }, this.#tickMs);
    this.#timer.unref();
  }

  #stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  async #info<T>(body: Record<string, unknown>): Promise<T | undefined> {
    const answer = await this.#exchange.info(body);
    if (answer.status !== 200) throw new Error(`info ${String(body.type)}: ${answer.status}`);
    return answer.body as T;
  }

  async #addUser(subscription: UserSubscription, sink: FeedSink): Promise<void> {
    let watch = this.#users.get(subscription.user);
    if (!watch) {
      watch = new UserWatch(subscription.user, (body) => this.#info(body));
      await watch.start(this.#now());
      this.#users.set(subscription.user, watch);
    }
    await watch.add(subscription.type as UserChannel, sink, this.#now());
  }

  async #addMarket(subscription: MarketSubscription, sink: FeedSink): Promise<void> {
    const key = topicKey(subscription);
    const existing = this.#topics.get(key);
    if (existing && subscription.type !== 'trades') {
      // The others got this state at the last tick: the newcomer starts from it too.
      existing.sinks.add(sink);
      if (existing.last !== undefined) sink.send(existing.last);
      return;
    }
    const topic = existing ?? { subscription, sinks: new Set<FeedSink>() };
    const data = await this.#marketData(topic);
    if (!existing) this.#topics.set(key, topic);
    topic.sinks.add(sink);
    if (subscription.type === 'trades') {
      const read = (data as Trade[] | undefined) ?? [];
      // Trades the others have not been sent yet come at the next tick, to everyone.
      const trades = existing ? read.filter((t) => existing.seen?.has(t.tid)) : read;
      if (!existing) topic.seen = new Set(read.map((t) => t.tid));
      if (trades.length > 0) sink.send(message('trades', [...trades].reverse()));
      return;
    }
    if (data === undefined || data === null) return;
    topic.last = message(subscription.type, data);
    sink.send(topic.last);
  }

  /** What the exchange answers for a market topic now (undefined: nothing to show). */
  async #marketData(topic: MarketTopic): Promise<unknown> {
    const { subscription } = topic;
    switch (subscription.type) {
      case 'allMids': {
        const mids = await this.#info<Record<string, string>>({ type: 'allMids' });
        return { mids };
      }
      case 'l2Book':
        return this.#info({ type: 'l2Book', coin: subscription.coin });
      case 'trades':
        return this.#info<Trade[]>({ type: 'recentTrades', coin: subscription.coin });
      case 'activeAssetCtx': {
        const answer = await this.#info<[{ universe: { name: string }[] }, unknown[]]>({
          type: 'metaAndAssetCtxs',
        });
        const index = answer?.[0].universe.findIndex((a) => a.name === subscription.coin) ?? -1;
        const ctx = index < 0 ? undefined : answer?.[1][index];
        return ctx === undefined ? undefined : { coin: subscription.coin, ctx };
      }
      case 'candle': {
        const span = INTERVAL_MS[subscription.interval] ?? DAY;
        const now = this.#now();
        const candles = await this.#info<unknown[]>({
          type: 'candleSnapshot',
          req: {
            coin: subscription.coin,
            interval: subscription.interval,
            startTime: Math.max(0, now - 2 * span),
            endTime: now,
          },
        });
        return candles?.at(-1);
      }
    }
  }

  async #tickMarket(topic: MarketTopic): Promise<void> {
    if (topic.sinks.size === 0) return;
    const data = await this.#marketData(topic);
    if (topic.subscription.type === 'trades') {
      const trades = (data as Trade[] | undefined) ?? [];
      const seen = topic.seen ?? new Set<number>();
      const fresh = trades.filter((t) => !seen.has(t.tid)).reverse();
      topic.seen = new Set(trades.map((t) => t.tid));
      if (fresh.length > 0) this.#broadcast(topic, message('trades', fresh));
      return;
    }
    if (data === undefined || data === null) return;
    const text = message(topic.subscription.type, data);
    if (text === topic.last) return;
    topic.last = text;
    this.#broadcast(topic, text);
  }

  #broadcast(topic: MarketTopic, text: string): void {
    for (const sink of [...topic.sinks]) sink.send(text);
  }
}
