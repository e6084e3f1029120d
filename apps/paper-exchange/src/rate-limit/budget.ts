import { WEIGHT_PER_MINUTE } from './weights.js';

/**
 * The per-IP weight budget: at most `perMinute` weight within any rolling minute (HYPERLIQUID.md,
 * rate limits: "per IP, 1200 weight per minute"; GB does not say how the minute is counted, so
 * the strict reading: no 60 s holds more). Spent weight is kept in one-second slots, so a key's
 * record stays small (at most 61 slots); a slot is forgotten a minute after the last weight
 * added to it, so weight is freed a minute after it was spent, or up to a second later (the
 * earlier charges of a slot), never earlier.
 */

/** What a change makes of the records it read (the server's SharedState has the same shape). */
export interface WeightChange<T, R> {
  records: (T | undefined)[];
  /** Epoch ms on the caller's clock after which the records no longer matter. */
  expiresAt: number;
  result: R;
}

/**
 * Where spent weight is kept: records changed atomically by `update` (a pure `change`, which
 * may run more than once). The server passes its SharedState (Redis when configured: every
 * instance then counts one budget per IP); alone, the exchange keeps it in memory.
 */
export interface WeightState {
  update<T, R>(
    keys: string[],
    nowMs: number,
    change: (records: (T | undefined)[]) => WeightChange<T, R>,
  ): Promise<R>;
}

/** Keys held at most in memory; the least recently changed go first. */
const MAX_MEMORY_KEYS = 100_000;

/**
 * Records in this process's memory. Per instance: two paper exchanges sharing one database but
 * not this state each allow an IP its full budget (acceptable for the standalone runner, which
 * is one process; the server passes its shared state instead).
 */
export class MemoryWeightState implements WeightState {
  readonly #entries = new Map<string, { json: string; expiresAt: number }>();

  constructor(private readonly maxKeys = MAX_MEMORY_KEYS) {}

  async update<T, R>(
    keys: string[],
    nowMs: number,
    change: (records: (T | undefined)[]) => WeightChange<T, R>,
  ): Promise<R> {
    // Synchronous from read to write: no other update interleaves.
    const before = keys.map((key) => {
      const entry = this.#entries.get(key);
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
    if (this.#entries.size > this.maxKeys) {
      for (const key of this.#entries.keys()) {
        if (this.#entries.size <= this.maxKeys) break;
        this.#entries.delete(key);
      }
    }
    return out.result;
  }
}

/** Weight spent per slot: [slot start, weight, time of the slot's last charge] (epoch ms). */
type Slots = Array<[number, number, number]>;

/** A minute. */
export const WINDOW_MS = 60_000;
/** The granularity of the rolling minute. */
const SLOT_MS = 1_000;

export interface WeightBudgetOptions {
  /** Weight per rolling minute and key (default Hyperliquid's 1,200). */
  perMinute?: number;
  /** Where the weight is counted (default: this process's memory). */
  state?: WeightState;
  /** Names the budget's keys in `state`. */
  name?: string;
}

/** The answer to a charge: whether it was let through, and what the key has spent since. */
export interface Charge {
  allowed: boolean;
  /** Weight spent in the rolling minute, this charge included when allowed. */
  spent: number;
}

export class WeightBudget {
  readonly perMinute: number;
  readonly #state: WeightState;
  readonly #name: string;

  constructor(options: WeightBudgetOptions = {}) {
    this.perMinute = options.perMinute ?? WEIGHT_PER_MINUTE;
    this.#state = options.state ?? new MemoryWeightState();
    this.#name = options.name ?? 'paper-weight';
  }

  /**
   * Charges `weight` to `key` if it fits in what the rolling minute has left; refused (and
   * nothing charged) when it does not. Hyperliquid charges a request's base weight so, before
   * answering it.
   */
  charge(key: string, weight: number, nowMs: number): Promise<Charge> {
    return this.#change<Charge>(key, nowMs, (slots, spent) =>
      spent + weight > this.perMinute
        ? { slots, result: { allowed: false, spent } }
        : { slots: add(slots, weight, nowMs), result: { allowed: true, spent: spent + weight } },
    );
  }

  /**
   * Charges `weight` whatever is left (the weight of what an answer returned, known only once
   * it was answered): the key's next requests wait for it.
   */
  add(key: string, weight: number, nowMs: number): Promise<number> {
    if (weight <= 0) return this.spent(key, nowMs);
    return this.#change(key, nowMs, (slots, spent) => ({
      slots: add(slots, weight, nowMs),
      result: spent + weight,
    }));
  }

  /** Weight `key` spent in the rolling minute. */
  spent(key: string, nowMs: number): Promise<number> {
    return this.#change(key, nowMs, (slots, spent) => ({ slots, result: spent }));
  }

  #change<R>(
    key: string,
    nowMs: number,
    decide: (slots: Slots, spent: number) => { slots: Slots; result: R },
  ): Promise<R> {
    return this.#state.update<Slots, R>([`limit:${this.#name}:${key}`], nowMs, ([stored]) => {
      // A slot counts until its last charge is a minute back; slots ahead of `nowMs` (requests
      // in flight together may read the clock out of order) count too.
      const live = (stored ?? []).filter(([, , last]) => last + WINDOW_MS > nowMs);
      const spent = live.reduce((sum, [, weight]) => sum + weight, 0);
      const { slots, result } = decide(live, spent);
      const latest = slots.reduce((max, [, , last]) => Math.max(max, last), -Infinity);
      return {
        records: [slots.length > 0 ? slots : undefined],
        expiresAt: slots.length > 0 ? latest + WINDOW_MS : nowMs,
        result,
      };
    });
  }
}

/** `slots` with `weight` added to the slot of `nowMs`. */
function add(slots: Slots, weight: number, nowMs: number): Slots {
  const start = Math.floor(nowMs / SLOT_MS) * SLOT_MS;
  const found = slots.findIndex(([slot]) => slot === start);
  if (found < 0) return [...slots, [start, weight, nowMs]];
  return slots.map(([slot, spent, last], i) =>
    i === found ? [slot, spent + weight, Math.max(last, nowMs)] : [slot, spent, last],
  );
}
