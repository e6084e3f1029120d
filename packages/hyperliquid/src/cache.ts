interface Entry {
  value: unknown;
  expiresAt: number;
}

/** Time-to-live of each kind of public data, in milliseconds (DESIGN.md section 4). */
export const CACHE_TTL_MS = {
  meta: 60_000,
  allMids: 1_000,
  metaAndAssetCtxs: 1_000,
  l2Book: 1_000,
  candles: 10_000,
  recentTrades: 2_000,
} as const;

/**
 * A time-to-live cache with single flight: one load in flight per key, shared by every
 * concurrent caller; a value is kept `ttlMs` after it arrived, and only once `check` accepted
 * it: a load that fails, or answers what `check` refuses (an error body, a malformed shape), is
 * not kept, so the next caller loads again instead of reading a poisoned entry for the whole
 * time-to-live. Expired entries are swept once the map grows past `maxEntries`.
 */
export class SharedCache {
  private readonly values = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 1_000,
  ) {}

  /**
   * The cached value of `key`, or the one being loaded, or a new load. `check` returns the
   * answer typed when its shape is right and throws otherwise; every caller sharing the load
   * gets its verdict.
   */
  get<T>(
    key: string,
    ttlMs: number,
    load: () => Promise<unknown>,
    check: (answer: unknown) => T,
  ): Promise<T> {
    const hit = this.values.get(key);
    if (hit && hit.expiresAt > this.now()) return Promise.resolve(hit.value as T);
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const loading = load()
      .then(check)
      .then(
        (value) => {
          this.inFlight.delete(key);
          this.store(key, { value, expiresAt: this.now() + ttlMs });
          return value;
        },
        (error: unknown) => {
          this.inFlight.delete(key);
          throw error;
        },
      );
    this.inFlight.set(key, loading);
    return loading;
  }

  private store(key: string, entry: Entry): void {
    this.values.delete(key);
    this.values.set(key, entry);
    if (this.values.size <= this.maxEntries) return;
    const now = this.now();
    for (const [k, e] of this.values) if (e.expiresAt <= now) this.values.delete(k);
    // Still full of live entries: drop the oldest (Map keeps insertion order).
    for (const k of this.values.keys()) {
      if (this.values.size <= this.maxEntries) break;
      this.values.delete(k);
    }
  }
}
