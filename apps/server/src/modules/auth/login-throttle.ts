/**
 * Failed password checks per account, and how long the next sign-in attempt on it must wait.
 * Async so a shared store (Redis, issue 14) can stand behind the same calls.
 */
export interface LoginThrottle {
  /** Milliseconds the next attempt on `key` must wait; 0 when it may go ahead. */
  waitMs(key: string): Promise<number>;
  /** Records one failed password check on `key`. */
  recordFailure(key: string): Promise<void>;
  /** Forgets `key`'s failures (a successful sign-in). */
  reset(key: string): Promise<void>;
}

export interface LoginThrottleOptions {
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; it doubles with each further one. */
  firstDelayMs: number;
  /** The longest wait: an owner is slowed down, never locked out. */
  maxDelayMs: number;
  /** Failures are forgotten after this long without a new one. */
  forgetAfterMs: number;
  /** Accounts (and unknown login names) remembered at most; the oldest go first. */
  maxKeys: number;
}

export const LOGIN_THROTTLE_DEFAULTS: LoginThrottleOptions = {
  freeFailures: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 60_000,
  forgetAfterMs: 15 * 60_000,
  maxKeys: 100_000,
};

interface Failures {
  count: number;
  lastAt: number;
}

/** The wait after `count` failures: none for the free ones, then 1 s, 2 s, 4 s ... up to the cap. */
export function delayAfter(count: number, opts: LoginThrottleOptions): number {
  const past = count - opts.freeFailures;
  if (past < 0) return 0;
  // 2^past overflows to Infinity long after it passes the cap; Math.min keeps the cap.
  return Math.min(opts.firstDelayMs * 2 ** past, opts.maxDelayMs);
}

/** The throttle in this process's memory, on the app's clock. */
export class MemoryLoginThrottle implements LoginThrottle {
  readonly #failures = new Map<string, Failures>();
  readonly #opts: LoginThrottleOptions;

  constructor(
    private readonly now: () => Date,
    opts: Partial<LoginThrottleOptions> = {},
  ) {
    this.#opts = { ...LOGIN_THROTTLE_DEFAULTS, ...opts };
  }

  async waitMs(key: string): Promise<number> {
    const entry = this.#live(key, this.now().getTime());
    if (!entry) return 0;
    const readyAt = entry.lastAt + delayAfter(entry.count, this.#opts);
    return Math.max(0, readyAt - this.now().getTime());
  }

  async recordFailure(key: string): Promise<void> {
    const nowMs = this.now().getTime();
    const count = (this.#live(key, nowMs)?.count ?? 0) + 1;
    // Re-inserted at the end, so the map's order is oldest failure first.
    this.#failures.delete(key);
    this.#failures.set(key, { count, lastAt: nowMs });
    if (this.#failures.size > this.#opts.maxKeys) this.#trim(nowMs);
  }

  async reset(key: string): Promise<void> {
    this.#failures.delete(key);
  }

  #live(key: string, nowMs: number): Failures | undefined {
    const entry = this.#failures.get(key);
    if (entry && nowMs - entry.lastAt >= this.#opts.forgetAfterMs) {
      this.#failures.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Drops forgotten entries, then the oldest until the map is back under its cap. */
  #trim(nowMs: number) {
    for (const [key, entry] of this.#failures) {
      const tooMany = this.#failures.size > this.#opts.maxKeys;
      if (!tooMany && nowMs - entry.lastAt < this.#opts.forgetAfterMs) break;
      this.#failures.delete(key);
    }
  }
}
