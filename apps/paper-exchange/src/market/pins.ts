/**
 * Marks pinned by the control route (PAPER_CONTROL): a pinned coin's mid, mark and book sit at
 * the pinned price from the moment it was pinned until it is released. Kept in this process's
 * memory (a test and demo tool; several instances do not share pins).
 *
 * Accounts are evaluated lazily (engine/lazy.ts): an account sees a pin at its next read or
 * action, whose last evaluation sample is the request's time, at the pinned price. So a test
 * pins, then reads (or acts on) the account, and only then releases the pin.
 */
export class MarkPins {
  readonly #pins = new Map<string, { px: number; sinceMs: number }>();

  /** Pins `coin` at `px` (USD, positive) from `nowMs` on. */
  pin(coin: string, px: number, nowMs: number): void {
    this.#pins.set(coin, { px, sinceMs: nowMs });
  }

  release(coin: string): void {
    this.#pins.delete(coin);
  }

  /** The pinned price of `coin` at `timeMs`, if any. */
  at(coin: string, timeMs: number): number | undefined {
    const pin = this.#pins.get(coin);
    return pin && timeMs >= pin.sinceMs ? pin.px : undefined;
  }

  /** Whether a pin was set at or after `timeMs` (an account evaluated then must look again). */
  setSince(timeMs: number): boolean {
    for (const pin of this.#pins.values()) if (pin.sinceMs >= timeMs) return true;
    return false;
  }
}
