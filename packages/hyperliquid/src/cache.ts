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
 * The cache several app instances share (Redis, DESIGN.md section 10), behind each process's
 * own: a value one instance loaded is read by the others, and one instance at a time loads a
 * key. Every method may reject (the store is down or slow): the cache then goes to the source
 * itself, as a single instance does.
 */
export interface RemoteCache {
  /** The text kept at `key` and how much longer it is kept (ms), or null. */
  read(key: string): Promise<{ text: string; ttlMs: number } | null>;
  /** Keeps `text` at `key` for `ttlMs`. */
  write(key: string, text: string, ttlMs: number): Promise<void>;
  /** Whether this instance takes the load of `key`: true for one caller per `leaseMs`. */
  claim(key: string, leaseMs: number): Promise<boolean>;
  /** Gives a claim back early (the load failed), so the next caller loads at once. */
  release(key: string): Promise<void>;
}

/** How long an instance's claim on a load lasts (a load that takes longer is timed out). */
export const REMOTE_LOAD_LEASE_MS = 5_000;
/** How long an instance waits for another's load before it loads itself (on the cache's clock). */
export const REMOTE_WAIT_MS = 2_000;
/** How often a waiting instance looks for the value another is loading. */
export const REMOTE_POLL_MS = 20;

/** The shared store failed: this load goes to the source without it. */
const REMOTE_DOWN = Symbol('remote down');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A time-to-live cache with single flight: one load in flight per key, shared by every
 * concurrent caller; a value is kept `ttlMs` after it arrived, and only once `check` accepted
 * it: a load that fails, or answers what `check` refuses (an error body, a malformed shape), is
 * not kept, so the next caller loads again instead of reading a poisoned entry for the whole
 * time-to-live. Expired entries are swept once the map grows past `maxEntries`.
 *
 * With a `remote` cache the single flight spans instances: a miss here reads the remote
 * value, else claims the load (or waits for the instance that claimed it), and shares what it
 * loaded. A value read from the remote expires here when it expires there (its remaining time in
 * the store), so no instance serves data older than its time-to-live.
 */
export class SharedCache {
  private readonly values = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    /** Epoch ms: when values expire, and how long to wait for another instance's load. */
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 1_000,
    private readonly remote?: RemoteCache,
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
    const source = () => this.loadFromSource(ttlMs, load, check);
    const loading = (
      this.remote ? this.loadShared(this.remote, key, ttlMs, source, check) : source()
    ).then(
      (entry) => {
        // A load that was forgotten meanwhile (forget) answers its callers but is not kept.
        if (this.inFlight.get(key) === loading) {
          this.inFlight.delete(key);
          this.store(key, entry);
        }
        return entry.value as T;
      },
      (error: unknown) => {
        if (this.inFlight.get(key) === loading) this.inFlight.delete(key);
        throw error;
      },
    );
    this.inFlight.set(key, loading);
    return loading;
  }

  /** Drops this instance's value of `key` and its load in flight: the next get loads anew. */
  forget(key: string): void {
    this.values.delete(key);
    this.inFlight.delete(key);
  }

  private async loadFromSource<T>(
    ttlMs: number,
    load: () => Promise<unknown>,
    check: (answer: unknown) => T,
  ): Promise<Entry> {
    const value = check(await load());
    return { value, expiresAt: this.now() + ttlMs };
  }

  /** The remote value, else this instance's load shared through the remote, else a wait. */
  private async loadShared<T>(
    remote: RemoteCache,
    key: string,
    ttlMs: number,
    source: () => Promise<Entry>,
    check: (answer: unknown) => T,
  ): Promise<Entry> {
    const giveUpAt = this.now() + REMOTE_WAIT_MS;
    for (;;) {
      const kept = await this.readRemote(remote, key, ttlMs, check);
      if (kept === REMOTE_DOWN) return source();
      if (kept) return kept;
      const claimed = await remote.claim(key, REMOTE_LOAD_LEASE_MS).catch(() => REMOTE_DOWN);
      if (claimed === REMOTE_DOWN) return source();
      if (claimed) return this.loadAndShare(remote, key, ttlMs, source);
      // Another instance is loading it: wait for its value, or load once it is late.
      if (this.now() >= giveUpAt) return this.loadAndShare(remote, key, ttlMs, source);
      await sleep(REMOTE_POLL_MS);
    }
  }

  private async loadAndShare(
    remote: RemoteCache,
    key: string,
    ttlMs: number,
    source: () => Promise<Entry>,
  ): Promise<Entry> {
    try {
      const entry = await source();
      // The value is served either way; a failed write only means the others load it too.
      await remote.write(key, JSON.stringify(entry.value), ttlMs).catch(() => undefined);
      return entry;
    } finally {
      // After the value is written, so a waiting instance reads it rather than loading again.
      await remote.release(key).catch(() => undefined);
    }
  }

  /**
   * The live remote value, checked again (what another version wrote may not fit); else null.
   * It expires here when it expires there: the store's own remaining time, not a time written by
   * another instance's clock.
   */
  private async readRemote<T>(
    remote: RemoteCache,
    key: string,
    ttlMs: number,
    check: (answer: unknown) => T,
  ): Promise<Entry | null | typeof REMOTE_DOWN> {
    let kept: { text: string; ttlMs: number } | null;
    try {
      kept = await remote.read(key);
    } catch {
      return REMOTE_DOWN;
    }
    if (kept === null || !(kept.ttlMs > 0)) return null;
    try {
      const value = check(JSON.parse(kept.text));
      return { value, expiresAt: this.now() + Math.min(kept.ttlMs, ttlMs) };
    } catch {
      return null;
    }
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
