import type { PriceSource } from './mid.js';

/**
 * Marks pinned by the control route (PAPER_CONTROL): a pinned coin's mid, mark and book sit at
 * the pinned price from the moment it was pinned until it is released or pinned again. Kept in
 * this process's memory (a test and demo tool; several instances do not share pins).
 *
 * Accounts are evaluated lazily (engine/lazy.ts): an account sees a pin at its next read or
 * action, whose last evaluation sample is the request's time, at the pinned price. So a test
 * pins, then reads (or acts on) the account, and only then releases the pin.
 *
 * Each coin keeps its recent pins in order, not only the newest: a request that read its time
 * just before a new pin (and waited for its account meanwhile) is evaluated at the price that
 * was pinned at its time, not on the synthetic path between two pins.
 */
export class MarkPins {
  /**
   * What the marks follow where nothing is pinned (PAPER_PRICES, market/source.ts): mainnet's
   * prices, or the seeded path continuing from them; unset, the seeded path alone.
   */
  source?: PriceSource;

  readonly #pins = new Map<string, { px: number | null; sinceMs: number }[]>();
  readonly #listeners = new Set<() => void>();

  /** Calls `listener` after each pin or release. */
  onChange(listener: () => void): void {
    this.#listeners.add(listener);
  }

  /** Pins `coin` at `px` (USD, positive) from `nowMs` on. */
  pin(coin: string, px: number, nowMs: number): void {
    this.#push(coin, px, nowMs);
  }

  /** Releases `coin` from now on (times before keep the pins they had). */
  release(coin: string, nowMs: number): void {
    if (this.#pins.has(coin)) this.#push(coin, null, nowMs);
  }

  /** The pinned price of `coin` at `timeMs`, if any. */
  at(coin: string, timeMs: number): number | undefined {
    const history = this.#pins.get(coin);
    if (!history) return undefined;
    for (let i = history.length - 1; i >= 0; i--) {
      const pin = history[i]!;
      if (timeMs >= pin.sinceMs) return pin.px ?? undefined;
    }
    return undefined;
  }

  /** Whether a pin was set (or released) at or after `timeMs` (an account must look again). */
  setSince(timeMs: number): boolean {
    for (const history of this.#pins.values()) {
      if (history.some((pin) => pin.sinceMs >= timeMs)) return true;
    }
    return false;
  }

  #push(coin: string, px: number | null, sinceMs: number) {
    const history = this.#pins.get(coin) ?? [];
    history.push({ px, sinceMs });
    // A few recent changes are enough for requests in flight; older ones are never asked.
    if (history.length > HISTORY) history.splice(0, history.length - HISTORY);
    this.#pins.set(coin, history);
    for (const listener of this.#listeners) listener();
  }
}

const HISTORY = 32;
