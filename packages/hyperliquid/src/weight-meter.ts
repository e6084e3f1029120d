import { HttpRequestError, type IRequestTransport } from '@nktkas/hyperliquid';
import { answerWeight, requestWeight, WEIGHT_PER_MINUTE } from './weights.js';

/**
 * The app's own budget against Hyperliquid's per-IP limit (DESIGN.md section 13): every request
 * the server sends to a network is charged its weight (weights.ts) before it goes, in a rolling
 * minute shared by every instance when the store is (the server passes its Redis-backed shared
 * state); a request that finds no room waits for it, a little, and a 429 closes the gate for a
 * while (2 s, doubling per 429 in a row, up to a minute). Requests go by priority (below): a
 * lower one may only spend up to its share of the minute, so what is left stays for the higher.
 */

/**
 * Who a request is for, highest first: `live` (the live loop's closes and a trader's own
 * actions: the default), `sweep` (the reconciler's slow sweep and other background reads),
 * `low` (market data for visitors who are not signed in, MFE / MAE candles).
 */
export type WeightPriority = 'live' | 'sweep' | 'low';

/**
 * The share of the minute each priority may fill. `live` keeps a little under the limit: an
 * answer's items are charged once it arrived, and Hyperliquid's minute starts when the
 * request reaches it, a little after the meter's.
 */
export const PRIORITY_SHARE: Readonly<Record<WeightPriority, number>> = {
  live: 0.96,
  sweep: 0.75,
  low: 0.5,
};

/** What a change makes of the records it read (the server's SharedState has the same shape). */
export interface MeterChange<T, R> {
  records: (T | undefined)[];
  /** Epoch ms on the caller's clock after which the records no longer matter. */
  expiresAt: number;
  result: R;
}

/** Records changed atomically by `update` (a pure `change`, which may run more than once). */
export interface MeterStore {
  update<T, R>(
    keys: string[],
    nowMs: number,
    change: (records: (T | undefined)[]) => MeterChange<T, R>,
  ): Promise<R>;
}

/** This process's memory: each instance counts alone. */
export class MemoryMeterStore implements MeterStore {
  readonly #records = new Map<string, { json: string; expiresAt: number }>();

  async update<T, R>(
    keys: string[],
    nowMs: number,
    change: (records: (T | undefined)[]) => MeterChange<T, R>,
  ): Promise<R> {
    const before = keys.map((key) => {
      const entry = this.#records.get(key);
      return entry && entry.expiresAt > nowMs ? (JSON.parse(entry.json) as T) : undefined;
    });
    const out = change(before);
    keys.forEach((key, i) => {
      const record = out.records[i];
      if (record === undefined) this.#records.delete(key);
      else this.#records.set(key, { json: JSON.stringify(record), expiresAt: out.expiresAt });
    });
    return out.result;
  }
}

const WINDOW_MS = 60_000;
const SLOT_MS = 1_000;
const FIRST_BACK_OFF_MS = 2_000;
const MAX_BACK_OFF_MS = 60_000;

/** One budget: weight per one-second slot ([start, weight, last charge]) and the 429 gate. */
interface MeterRecord {
  slots: Array<[number, number, number]>;
  /** Closed until (epoch ms) after a 429; 0 when open. */
  closedUntil: number;
  /** 429s in a row (each doubles the next); forgotten a minute after the gate opened. */
  strikes: number;
}

export interface WeightMeterOptions {
  /** Names the budget in the store: one per egress IP and network (e.g. `hyperliquid:mainnet`). */
  key: string;
  /** Weight per rolling minute (default Hyperliquid's 1,200). */
  perMinute?: number;
  store?: MeterStore;
  /** Epoch ms; Date.now by default (Hyperliquid's minute is real time). */
  now?: () => number;
}

export class WeightMeter {
  readonly perMinute: number;
  readonly #key: string;
  readonly #store: MeterStore;
  readonly #now: () => number;

  constructor(options: WeightMeterOptions) {
    this.perMinute = options.perMinute ?? WEIGHT_PER_MINUTE;
    this.#key = `weight:${options.key}`;
    this.#store = options.store ?? new MemoryMeterStore();
    this.#now = options.now ?? Date.now;
  }

  /**
   * Charges `weight` if `share` of the minute has room and no 429 closed the gate: 0; else ms
   * to wait.
   */
  take(weight: number, share = 1): Promise<number> {
    const nowMs = this.#now();
    const room = Math.floor(this.perMinute * share);
    return this.#change(nowMs, (record, spent) => {
      if (record.closedUntil > nowMs) return { record, result: record.closedUntil - nowMs };
      if (spent + weight <= room) {
        return { record: charged(record, weight, nowMs), result: 0 };
      }
      return { record, result: waitFor(record.slots, spent + weight - room, nowMs) };
    });
  }

  /** Charges what an answer returned, whatever is left. */
  async answered(weight: number): Promise<void> {
    if (weight <= 0) return;
    const nowMs = this.#now();
    await this.#change(nowMs, (record) => ({
      record: charged(record, weight, nowMs),
      result: undefined,
    }));
  }

  /** Hyperliquid answered 429: no request goes for 2 s, doubling per 429 in a row. */
  refused(): Promise<void> {
    const nowMs = this.#now();
    return this.#change(nowMs, (record) => {
      const backOff = Math.min(MAX_BACK_OFF_MS, FIRST_BACK_OFF_MS * 2 ** record.strikes);
      const closedUntil = Math.max(record.closedUntil, nowMs + backOff);
      return { record: { ...record, closedUntil, strikes: record.strikes + 1 }, result: undefined };
    });
  }

  /** Weight `share` of the minute has left now (0 while a 429 holds the gate closed). */
  available(share = 1): Promise<number> {
    const nowMs = this.#now();
    const room = Math.floor(this.perMinute * share);
    return this.#change(nowMs, (record, spent) => ({
      record,
      result: record.closedUntil > nowMs ? 0 : Math.max(0, room - spent),
    }));
  }

  /** Weight spent in the rolling minute. */
  spent(): Promise<number> {
    return this.#change(this.#now(), (record, spent) => ({ record, result: spent }));
  }

  #change<R>(
    nowMs: number,
    decide: (record: MeterRecord, spent: number) => { record: MeterRecord; result: R },
  ): Promise<R> {
    return this.#store.update<MeterRecord, R>([this.#key], nowMs, ([stored]) => {
      const slots = (stored?.slots ?? []).filter(([, , last]) => last + WINDOW_MS > nowMs);
      const spent = slots.reduce((sum, [, weight]) => sum + weight, 0);
      const closedUntil = stored?.closedUntil ?? 0;
      const strikes = closedUntil + MAX_BACK_OFF_MS > nowMs ? (stored?.strikes ?? 0) : 0;
      const { record, result } = decide({ slots, closedUntil, strikes }, spent);
      const latest = Math.max(
        ...record.slots.map(([, , last]) => last + WINDOW_MS),
        record.strikes > 0 ? record.closedUntil + MAX_BACK_OFF_MS : 0,
      );
      return {
        records: [latest > nowMs ? record : undefined],
        expiresAt: latest,
        result,
      };
    });
  }
}

function charged(record: MeterRecord, weight: number, nowMs: number): MeterRecord {
  const start = Math.floor(nowMs / SLOT_MS) * SLOT_MS;
  const at = record.slots.findIndex(([slot]) => slot === start);
  const slots: MeterRecord['slots'] =
    at < 0
      ? [...record.slots, [start, weight, nowMs]]
      : record.slots.map(([slot, spent, last], i) =>
          i === at ? [slot, spent + weight, Math.max(last, nowMs)] : [slot, spent, last],
        );
  return { ...record, slots };
}

/** Ms until the oldest slots free at least `excess` weight. */
function waitFor(slots: MeterRecord['slots'], excess: number, nowMs: number): number {
  let freed = 0;
  for (const [, weight, last] of [...slots].sort((a, b) => a[2] - b[2])) {
    freed += weight;
    if (freed >= excess) return Math.max(1, last + WINDOW_MS - nowMs);
  }
  return WINDOW_MS;
}

export interface MeteredTransportOptions {
  /** The longest a request waits for room before it fails as unavailable (default 5 s). */
  maxWaitMs?: number;
  /** Waits `ms` (tests pass their own); rejects when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * The priority of the request about to be sent (the server's knows who it is for: an
   * AsyncLocalStorage, lib/weight-priority.ts); `live` by default.
   */
  priority?: () => WeightPriority;
}

function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * `inner` with every request charged to `meter` first, at its priority (options.priority):
 * it waits for room (at most `maxWaitMs` in all, then fails like an
 * exchange that cannot be reached), sends, charges the items the answer returned, and closes
 * the meter's gate on a 429.
 */
export function meteredTransport(
  inner: IRequestTransport,
  meter: WeightMeter,
  options: MeteredTransportOptions = {},
): IRequestTransport {
  const maxWaitMs = options.maxWaitMs ?? 5_000;
  const sleep = options.sleep ?? sleepFor;
  return {
    isTestnet: inner.isTestnet,
    async request<T>(endpoint: 'info' | 'exchange', payload: unknown, signal?: AbortSignal) {
      const weight = requestWeight(endpoint, payload);
      const share = PRIORITY_SHARE[options.priority?.() ?? 'live'];
      let waited = 0;
      for (
        let wait = await meter.take(weight, share);
        wait > 0;
        wait = await meter.take(weight, share)
      ) {
        if (waited + wait > maxWaitMs) {
          throw new HttpRequestError({
            detail: `Hyperliquid's request weight budget (${meter.perMinute} a minute) has no room for ${Math.ceil(wait / 1000)} s`,
            request: payload,
          });
        }
        await sleep(wait, signal);
        waited += wait;
      }
      let answer: T;
      try {
        answer = await inner.request<T>(endpoint, payload, signal);
      } catch (error) {
        if (error instanceof HttpRequestError && error.response?.status === 429) {
          await meter.refused();
        }
        throw error;
      }
      await meter.answered(answerWeight(endpoint, payload, answer));
      return answer;
    },
  };
}
