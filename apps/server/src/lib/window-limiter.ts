/**
 * Fixed-window attempt counter per key (per account limits on login and reset; the per-IP
 * limits come from @fastify/rate-limit). In memory: one server process holds it.
 */
export class WindowLimiter {
  readonly #hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt; false when the key is over its limit in the current window. */
  hit(key: string, nowMs: number): boolean {
    const entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= nowMs) {
      if (this.#hits.size > 10_000) this.#sweep(nowMs);
      this.#hits.set(key, { count: 1, resetAt: nowMs + this.windowMs });
      return true;
    }
    entry.count += 1;
    return entry.count <= this.max;
  }

  reset(key: string) {
    this.#hits.delete(key);
  }

  #sweep(nowMs: number) {
    for (const [key, entry] of this.#hits) if (entry.resetAt <= nowMs) this.#hits.delete(key);
  }
}
