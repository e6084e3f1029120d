import type { FastifyBaseLogger } from 'fastify';
import type { RedisLink } from './redis-link.js';

/**
 * What a change makes of the records it read: the new records (undefined deletes one), until
 * when they matter (epoch ms on the caller's clock: memory drops them then, Redis expires
 * them as long after as the change said), and what the caller gets back.
 */
export interface Change<T, R> {
  records: (T | undefined)[];
  expiresAt: number;
  result: R;
}

/**
 * Small records (counters and their times) changed atomically: `update` reads the records at
 * `keys`, hands them to `change` (a pure function: it may run more than once), and writes
 * what it answers, with no other update of those keys in between. Every limit of the app
 * (login limiter, paper and faucet limits, signal throttle, the mail and password limits) is
 * one such change, so the same code decides in memory and in Redis.
 */
export interface SharedState {
  update<T, R>(
    keys: string[],
    nowMs: number,
    change: (records: (T | undefined)[]) => Change<T, R>,
  ): Promise<R>;
}

/** Keys held at most in memory; the least recently changed go first. */
const MAX_MEMORY_KEYS = 100_000;

/** The records in this process's memory: one instance, and every instance while Redis is down. */
export class MemoryState implements SharedState {
  readonly #entries = new Map<string, { json: string; expiresAt: number }>();

  constructor(private readonly maxKeys = MAX_MEMORY_KEYS) {}

  async update<T, R>(
    keys: string[],
    nowMs: number,
    change: (records: (T | undefined)[]) => Change<T, R>,
  ): Promise<R> {
    // Synchronous from read to write: no other update interleaves.
    const before = keys.map((key) => {
      const entry = this.#entries.get(key);
      if (entry && entry.expiresAt <= nowMs) this.#entries.delete(key);
      return entry && entry.expiresAt > nowMs ? (JSON.parse(entry.json) as T) : undefined;
    });
    const out = change(before);
    keys.forEach((key, i) => {
      const record = out.records[i];
      this.#entries.delete(key);
      if (record !== undefined) {
        this.#entries.set(key, { json: JSON.stringify(record), expiresAt: out.expiresAt });
      }
    });
    if (this.#entries.size > this.maxKeys) this.#trim(nowMs);
    return out.result;
  }

  /** Drops expired entries from the oldest on, then the oldest until back under the cap. */
  #trim(nowMs: number) {
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= this.maxKeys && entry.expiresAt > nowMs) break;
      this.#entries.delete(key);
    }
  }
}

/** Sets every key to its new value only if none changed since it was read (compare-and-set). */
const COMPARE_AND_SET = `
local n = #KEYS
local ttl = tonumber(ARGV[1])
for i = 1, n do
  local current = redis.call('GET', KEYS[i]) or ''
  if current ~= ARGV[1 + i] then return 0 end
end
for i = 1, n do
  local value = ARGV[1 + n + i]
  if value == '' then redis.call('DEL', KEYS[i]) else redis.call('SET', KEYS[i], value, 'PX', ttl) end
end
return 1
`;

/** Compare-and-set rounds lost to other updates of the same keys before an update gives up. */
const MAX_ROUNDS = 200;

export class SharedStateConflictError extends Error {
  constructor() {
    super(`shared state: ${MAX_ROUNDS} concurrent updates of the same keys in a row`);
  }
}

/**
 * The records in Redis, shared by every instance: read, changed here, written back by a
 * compare-and-set script (atomic in Redis), read again and redone when another update came
 * first. Redis expires the records as long after the write as they matter on the caller's
 * clock, at least a second.
 */
export class RedisState implements SharedState {
  /** Updates in flight per key set: this instance's updates of one key wait for each other. */
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(private readonly link: RedisLink) {}

  /**
   * Updates of the same keys from this instance run one after another, so compare-and-set
   * rounds are lost only to other instances (concurrent updates of one key in one process
   * would otherwise cost rounds growing with the square of their number).
   */
  update<T, R>(
    keys: string[],
    nowMs: number,
    change: (records: (T | undefined)[]) => Change<T, R>,
  ): Promise<R> {
    const id = keys.join('\u0000');
    const previous = this.#queues.get(id) ?? Promise.resolve();
    const run = previous.then(
      () => this.#update(keys, nowMs, change),
      () => this.#update(keys, nowMs, change),
    );
    const settled = run.catch(() => undefined);
    this.#queues.set(id, settled);
    void settled.then(() => {
      if (this.#queues.get(id) === settled) this.#queues.delete(id);
    });
    return run;
  }

  async #update<T, R>(
    keys: string[],
    nowMs: number,
    change: (records: (T | undefined)[]) => Change<T, R>,
  ): Promise<R> {
    const redis = this.link.client;
    if (!redis) throw new Error('shared state: no Redis configured');
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const raw = await redis.mget(...keys);
      const before = raw.map((json) => (json === null ? undefined : (JSON.parse(json) as T)));
      const out = change(before);
      const after = out.records.map((r) => (r === undefined ? '' : JSON.stringify(r)));
      const old = raw.map((json) => json ?? '');
      if (after.every((json, i) => json === old[i])) return out.result;
      const ttlMs = Math.max(1_000, Math.ceil(out.expiresAt - nowMs));
      const set = await redis.eval(COMPARE_AND_SET, keys.length, ...keys, ttlMs, ...old, ...after);
      if (set === 1) return out.result;
    }
    throw new SharedStateConflictError();
  }
}

/**
 * Redis while it answers, this instance's memory while it does not (DESIGN.md section 10):
 * requests are never refused or failed because Redis is down, and the records are shared
 * again as soon as it is back, without a restart. Without REDIS_URL: memory only.
 */
export class FallbackState implements SharedState {
  readonly #memory = new MemoryState();
  readonly #redis: RedisState;
  #failing = false;

  constructor(
    private readonly link: RedisLink,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.#redis = new RedisState(link);
  }

  async update<T, R>(
    keys: string[],
    nowMs: number,
    change: (records: (T | undefined)[]) => Change<T, R>,
  ): Promise<R> {
    if (!this.link.tryUse()) return this.#memory.update(keys, nowMs, change);
    try {
      const result = await this.#redis.update(keys, nowMs, change);
      this.link.commandSucceeded();
      this.#failing = false;
      return result;
    } catch (err) {
      if (!this.#failing) {
        this.log?.warn(
          { reason: err instanceof Error ? err.message : 'unknown' },
          'shared limits: Redis failed, counting in this instance until it answers again',
        );
      }
      this.#failing = true;
      // A lost compare-and-set race is not Redis failing.
      if (!(err instanceof SharedStateConflictError)) this.link.commandFailed(err);
      return this.#memory.update(keys, nowMs, change);
    }
  }
}

/** The app's shared state: Redis with the memory fallback, or memory alone without Redis. */
export function sharedStateOf(link: RedisLink, log?: FastifyBaseLogger): SharedState {
  return link.client ? new FallbackState(link, log) : new MemoryState();
}
