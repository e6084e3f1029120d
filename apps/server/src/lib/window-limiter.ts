import { MemoryState, type SharedState } from './redis/shared-state.js';

/** One key's uses in its window. */
interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window allowance per key (per account limits on reset, password change and
 * leaderboard switches; the paper exchange's request, faucet and new-account limits; paper
 * keys per hour; the per-IP limits of routes come from @fastify/rate-limit). A use is counted
 * when asked for and can be given back when it made nothing, so simultaneous requests cannot
 * pass the cap and refusals cost nothing. The window opens with the first use after the last
 * one ended. Held in the app's shared state: Redis when configured (every instance counts
 * together), memory otherwise and while Redis is down (DESIGN.md section 10).
 */
export class WindowLimiter {
  constructor(
    /** Names the limit's keys in the shared state. */
    private readonly name: string,
    readonly max: number,
    readonly windowMs: number,
    private readonly state: SharedState = new MemoryState(),
  ) {}

  /** Counts one use of `key`; 0 when allowed, else the milliseconds until one is. */
  async take(key: string, nowMs: number): Promise<number> {
    return this.state.update<Window, number>([this.#key(key)], nowMs, ([stored]) => {
      const open =
        stored && stored.resetAt > nowMs ? stored : { count: 0, resetAt: nowMs + this.windowMs };
      if (open.count >= this.max) {
        // Requests in flight together may read the clock out of order: never over a window.
        const waitMs = Math.min(this.windowMs, Math.max(1, open.resetAt - nowMs));
        return { records: [open], expiresAt: open.resetAt, result: waitMs };
      }
      const next = { count: open.count + 1, resetAt: open.resetAt };
      return { records: [next], expiresAt: next.resetAt, result: 0 };
    });
  }

  /** Counts one use; false when `key` is over its limit in the current window. */
  async hit(key: string, nowMs: number): Promise<boolean> {
    return (await this.take(key, nowMs)) === 0;
  }

  /** Returns a use that made nothing. */
  async giveBack(key: string, nowMs: number): Promise<void> {
    await this.state.update<Window, void>([this.#key(key)], nowMs, ([stored]) => ({
      records: [stored && stored.count > 0 ? { ...stored, count: stored.count - 1 } : stored],
      expiresAt: stored?.resetAt ?? nowMs,
      result: undefined,
    }));
  }

  /** Forgets `key`'s uses. */
  async reset(key: string, nowMs: number): Promise<void> {
    await this.state.update<Window, void>([this.#key(key)], nowMs, () => ({
      records: [undefined],
      expiresAt: nowMs,
      result: undefined,
    }));
  }

  #key(key: string): string {
    return `limit:${this.name}:${key}`;
  }
}
