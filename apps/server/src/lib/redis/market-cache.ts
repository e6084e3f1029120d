import { randomUUID } from 'node:crypto';
import type { RemoteCache } from '@tb/hyperliquid';
import type { RedisLink } from './redis-link.js';

/** Deletes the claim only if it is still this instance's (a late release never frees another's). */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/**
 * How long Redis keeps a value past its expiry on a given clock: it is then only collected, never
 * served (a test's clock may stand still while real time runs on).
 */
export const KEPT_PAST_EXPIRY_MS = 60_000;

/**
 * The market-data cache of one network in Redis (DESIGN.md section 10): every instance reads
 * what one loaded, and a claim key (SET NX PX) lets one instance at a time load a key. While
 * Redis is down every call rejects at once (RedisLink: no offline queue), and SharedCache goes
 * to the exchange itself; it is shared again as soon as Redis answers.
 *
 * A value expires on Redis's own clock (its PX time-to-live), the same for every instance. With
 * `now` (the app's injected clock: tests) it expires on that clock instead: it is kept with its
 * expiry, and Redis drops it KEPT_PAST_EXPIRY_MS later.
 */
export class RedisMarketCache implements RemoteCache {
  /** The claim this instance holds per key (SharedCache loads a key once per process). */
  readonly #claims = new Map<string, string>();

  constructor(
    private readonly link: RedisLink,
    private readonly namespace: string,
    private readonly opts: { now?: () => number } = {},
  ) {}

  async read(key: string): Promise<{ text: string; ttlMs: number } | null> {
    const answers = await this.#run((redis) =>
      redis.pipeline().get(this.#value(key)).pttl(this.#value(key)).exec(),
    );
    const [[getError, text] = [], [ttlError, ttlMs] = []] = answers ?? [];
    if (getError || ttlError) throw getError ?? ttlError;
    if (typeof text !== 'string' || typeof ttlMs !== 'number') return null;
    const now = this.opts.now;
    if (!now) return { text, ttlMs };
    const kept = parseKept(text);
    if (!kept) return null;
    const left = Math.min(kept.until - now(), ttlMs);
    return left > 0 ? { text: kept.text, ttlMs: left } : null;
  }

  async write(key: string, text: string, ttlMs: number): Promise<void> {
    const ms = Math.max(1, ttlMs);
    const now = this.opts.now;
    const [kept, keepMs] = now
      ? [JSON.stringify({ until: now() + ms, text }), ms + KEPT_PAST_EXPIRY_MS]
      : [text, ms];
    await this.#run((redis) => redis.set(this.#value(key), kept, 'PX', keepMs));
  }

  async claim(key: string, leaseMs: number): Promise<boolean> {
    const token = randomUUID();
    const won = await this.#run((redis) => redis.set(this.#claim(key), token, 'PX', leaseMs, 'NX'));
    if (won !== 'OK') return false;
    this.#claims.set(key, token);
    return true;
  }

  async release(key: string): Promise<void> {
    const token = this.#claims.get(key);
    if (token === undefined) return;
    this.#claims.delete(key);
    await this.#run((redis) => redis.eval(RELEASE, 1, this.#claim(key), token));
  }

  #value(key: string) {
    return `market:${this.namespace}:${key}`;
  }

  #claim(key: string) {
    return `market:${this.namespace}:${key}:loading`;
  }

  /** One command, or a rejection at once while Redis is down or failing lately. */
  async #run<T>(command: (redis: NonNullable<RedisLink['client']>) => Promise<T>): Promise<T> {
    const redis = this.link.client;
    if (!redis || !this.link.tryUse()) throw new Error('Redis is not available');
    try {
      const result = await command(redis);
      this.link.commandSucceeded();
      return result;
    } catch (err) {
      this.link.commandFailed(err);
      throw err;
    }
  }
}

/** A value kept with its expiry on the given clock; null for anything else. */
function parseKept(raw: string): { until: number; text: string } | null {
  try {
    const kept = JSON.parse(raw) as { until?: unknown; text?: unknown };
    return typeof kept.until === 'number' && typeof kept.text === 'string'
      ? { until: kept.until, text: kept.text }
      : null;
  } catch {
    return null;
  }
}
