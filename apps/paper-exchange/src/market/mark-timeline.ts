import type { PerpAsset } from './assets.js';
import { midPriceAt } from './price-path.js';
import type { UpstreamCandle } from './upstream.js';
import { formatDecimal } from '../util/decimal.js';

/**
 * The marks at any time are one function of what mainnet's polls returned (the engine
 * evaluates accounts lazily, at past times too, market/lazy.ts), per coin:
 * - within `freshMs` after an upstream sample: that sample's price (a step function);
 * - after that, while nothing newer came: the seeded path anchored at the last price,
 *   `px · S(t) / S(a)` with `a` the moment the sample went stale (continuous);
 * - in a gap that a later sample closed (the exchange was idle, or mainnet was down): the
 *   anchored path bent to meet the next sample, `· (p_next / anchored(b))^((t−a)/(b−a))`;
 * - before the first sample kept: the path anchored backwards at the first sample;
 * - with no sample at all (a coin mainnet does not list, or never answered): the seeded path.
 * In `mainnet` mode (`hold`) each gap holds the last price instead. Samples are kept HISTORY_MS.
 */

const HISTORY_MS = 6 * 3_600_000;

/** One coin's upstream samples, oldest first. */
export class CoinHistory {
  readonly times: number[] = [];
  readonly prices: number[] = [];

  add(timeMs: number, px: number): void {
    const last = this.times.length - 1;
    if (last >= 0 && timeMs <= this.times[last]!) {
      if (timeMs === this.times[last]) this.prices[last] = px;
      return;
    }
    this.times.push(timeMs);
    this.prices.push(px);
    // Dropped in chunks (a quarter of the span at a time), not one sample a second.
    if (this.times[0]! < timeMs - HISTORY_MS * 1.25) {
      const old = this.indexAt(timeMs - HISTORY_MS);
      this.times.splice(0, old);
      this.prices.splice(0, old);
    }
  }

  /** Index of the last sample at or before `timeMs`, or −1. */
  indexAt(timeMs: number): number {
    let lo = 0;
    let hi = this.times.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.times[mid]! <= timeMs) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }
}

/** Every coin's samples, by coin name. */
export type Histories = Map<string, CoinHistory>;

/** Adds one poll's mids (coin -> price) at `timeMs`. */
export function recordMids(
  histories: Histories,
  timeMs: number,
  mids: Record<string, number>,
): void {
  for (const [coin, px] of Object.entries(mids)) {
    let history = histories.get(coin);
    if (!history) {
      history = new CoinHistory();
      histories.set(coin, history);
    }
    history.add(timeMs, px);
  }
}

/** The mids of the coins whose newest sample was taken at `timeMs`. */
export function midsSampledAt(histories: Histories, timeMs: number): Record<string, number> {
  const mids: Record<string, number> = {};
  for (const [coin, history] of histories) {
    const last = history.times.length - 1;
    if (history.times[last] === timeMs) mids[coin] = history.prices[last]!;
  }
  return mids;
}

/** `asset`'s mid at `timeMs` on the timeline above; undefined: no sample, the seeded path. */
export function timelineMid(
  history: CoinHistory | undefined,
  seed: number,
  asset: PerpAsset,
  timeMs: number,
  freshMs: number,
  hold: boolean,
): number | undefined {
  if (!history || history.times.length === 0) return undefined;
  const path = (t: number) => midPriceAt(seed, asset, t);
  const i = history.indexAt(timeMs);
  if (i < 0) {
    const t0 = history.times[0]!;
    const p0 = history.prices[0]!;
    return hold ? p0 : (p0 * path(timeMs)) / path(t0);
  }
  const ti = history.times[i]!;
  const pi = history.prices[i]!;
  if (hold || timeMs - ti <= freshMs) return pi;
  const a = ti + freshMs;
  const anchored = (t: number) => (pi * path(t)) / path(a);
  if (i + 1 >= history.times.length) return anchored(timeMs);
  const b = history.times[i + 1]!;
  const bend = history.prices[i + 1]! / anchored(b);
  return anchored(timeMs) * bend ** ((timeMs - a) / (b - a));
}

/** Whether the mid at `timeMs` is mainnet's own sample (not the synthetic path). */
export function isLiveAt(
  history: CoinHistory | undefined,
  timeMs: number,
  freshMs: number,
  hold: boolean,
): boolean {
  if (!history) return false;
  const i = history.indexAt(timeMs);
  if (i < 0) return false;
  return hold || timeMs - history.times[i]! <= freshMs;
}

/**
 * The running candle closes at the current `mid`, its high and low widened by the mids polled
 * since it was fetched (at `fetchedMs`).
 */
export function followMids(
  candles: UpstreamCandle[],
  history: CoinHistory | undefined,
  mid: string | undefined,
  fetchedMs: number,
  nowMs: number,
): UpstreamCandle[] {
  const last = candles[candles.length - 1];
  if (!last || mid === undefined || !history || last.T < nowMs) return candles;
  const running = { ...last, c: mid };
  let high = Number(last.h);
  let low = Number(last.l);
  const until = history.indexAt(nowMs);
  for (let i = Math.max(0, history.indexAt(Math.max(last.t, fetchedMs))); i <= until; i += 1) {
    const px = history.prices[i]!;
    if (history.times[i]! < last.t || px === high || px === low) continue;
    if (px > high) [high, running.h] = [px, formatDecimal(px, 8)];
    if (px < low) [low, running.l] = [px, formatDecimal(px, 8)];
  }
  return [...candles.slice(0, -1), running];
}
