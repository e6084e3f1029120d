import { randomUUID } from 'node:crypto';
import type { RemoteCache } from '@tb/hyperliquid';
import type { RedisLink } from './redis-link.js';

/** Deletes the claim only if it is still this instance's (a late release never frees another's). */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/**
 * The market-data cache of one network in Redis (DESIGN.md section 10): every instance reads
 * what one loaded, and a claim key (SET NX PX) lets one instance at a time load a key. While
 * Redis is down every call rejects at once (RedisLink: no offline queue), and SharedCache goes
 * to the exchange itself; it is shared again as soon as Redis answers.
 */
export class RedisMarketCache implements RemoteCache {
  /** The claim this instance holds per key (SharedCache loads a key once per process). */
  readonly #claims = new Map<string, string>();

  constructor(
    private readonly link: RedisLink,
    private readonly namespace: string,
  ) {}

  async read(key: string): Promise<{ text: string; ttlMs: number } | null> {
    const answers = await this.#run((redis) =>
      redis.pipeline().get(this.#value(key)).pttl(this.#value(key)).exec(),
    );
    const [[getError, text] = [], [ttlError, ttlMs] = []] = answers ?? [];
    if (getError || ttlError) throw getError ?? ttlError;
    if (typeof text !== 'string' || typeof ttlMs !== 'number') return null;
    return { text, ttlMs };
  }

  async write(key: string, text: string, ttlMs: number): Promise<void> {
    await this.#run((redis) => redis.set(this.#value(key), text, 'PX', Math.max(1, ttlMs)));
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
