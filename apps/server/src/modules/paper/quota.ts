/**
 * How many times a key (a client address, a user) may do something costly in a window: here,
 * create paper accounts. A use is counted when asked for and given back when it made nothing,
 * so simultaneous requests cannot pass the cap and refusals cost nothing. In memory: per app
 * instance, like the app's other rate limits (DESIGN.md section 10).
 */
export class Quota {
  readonly #used = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Reserves one use for `key`; false when its allowance for the window is used up. */
  take(key: string, nowMs: number): boolean {
    const entry = this.#used.get(key);
    if (!entry || entry.resetAt <= nowMs) {
      if (this.#used.size > 10_000) this.#sweep(nowMs);
      this.#used.set(key, { count: 1, resetAt: nowMs + this.windowMs });
      return true;
    }
    if (entry.count >= this.max) return false;
    entry.count += 1;
    return true;
  }

  /** Returns a reservation that made nothing. */
  giveBack(key: string): void {
    const entry = this.#used.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  /** Milliseconds until `key` may use it again (0 when it may now). */
  waitMs(key: string, nowMs: number): number {
    const entry = this.#used.get(key);
    if (!entry || entry.resetAt <= nowMs || entry.count < this.max) return 0;
    return entry.resetAt - nowMs;
  }

  #sweep(nowMs: number): void {
    for (const [key, entry] of this.#used) {
      if (entry.resetAt <= nowMs) this.#used.delete(key);
    }
  }
}
