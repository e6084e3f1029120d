import { formatDecimal } from '../util/decimal.js';
import { priceDecimals } from './assets.js';
import type { PerpAsset } from './assets.js';
import { pathMidAt } from './mid.js';
import type { MarkPins } from './pins.js';
import { coinKey, unitNoise } from './price-path.js';

export const CANDLE_INTERVALS = [
  '1m',
  '3m',
  '5m',
  '15m',
  '30m',
  '1h',
  '2h',
  '4h',
  '8h',
  '12h',
  '1d',
  '3d',
  '1w',
  '1M',
] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

const MINUTE = 60_000;
const INTERVAL_MS: Record<Exclude<CandleInterval, '1M'>, number> = {
  '1m': MINUTE,
  '3m': 3 * MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '2h': 120 * MINUTE,
  '4h': 240 * MINUTE,
  '8h': 480 * MINUTE,
  '12h': 720 * MINUTE,
  '1d': 1440 * MINUTE,
  '3d': 3 * 1440 * MINUTE,
  '1w': 7 * 1440 * MINUTE,
};
/** Hyperliquid returns at most this many candles per request. */
export const MAX_CANDLES = 5000;
/** Price samples inside one candle (plus its open and close). */
const SAMPLES = 12;

export interface Candle {
  t: number;
  T: number;
  s: string;
  i: CandleInterval;
  o: string;
  c: string;
  h: string;
  l: string;
  v: string;
  n: number;
}

/** Start of the candle containing `timeMs`, and the start of the next one (epoch ms). */
export function candleBounds(interval: CandleInterval, timeMs: number): [number, number] {
  if (interval === '1M') {
    const d = new Date(timeMs);
    const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    return [start, Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)];
  }
  const length = INTERVAL_MS[interval];
  // Weekly candles start on Monday like Hyperliquid's (the epoch was a Thursday).
  const offset = interval === '1w' ? 4 * 1440 * MINUTE : 0;
  const start = Math.floor((timeMs - offset) / length) * length + offset;
  return [start, start + length];
}

function candle(
  seed: number,
  asset: PerpAsset,
  interval: CandleInterval,
  start: number,
  end: number,
  nowMs: number,
  pins?: MarkPins,
): Candle {
  const last = Math.min(end - 1, nowMs);
  const prices: number[] = [];
  for (let k = 0; k <= SAMPLES; k += 1)
    prices.push(pathMidAt(seed, asset, start + ((last - start) * k) / SAMPLES, pins));
  const open = prices[0] ?? 0;
  const close = prices[prices.length - 1] ?? open;
  const decimals = priceDecimals(asset, open);
  const minutes = Math.max(1, (last - start) / MINUTE);
  const u = (unitNoise(seed, coinKey(asset.name), Math.floor(start / MINUTE)) + 1) / 2;
  const trades = Math.round(minutes * (20 + 60 * u));
  const volume = (trades * 2_000 * (0.5 + u)) / open;
  const px = (value: number) => formatDecimal(value, decimals);
  return {
    t: start,
    T: end - 1,
    s: asset.name,
    i: interval,
    o: px(open),
    c: px(close),
    h: px(Math.max(...prices)),
    l: px(Math.min(...prices)),
    v: formatDecimal(volume, asset.szDecimals),
    n: trades,
  };
}

/**
 * Candles of the price path (the seeded one, or the source's where `pins` carries one, so
 * they continue from mainnet's last price: market/source.ts) whose open lies in
 * [startMs, endMs] and not after `nowMs`; the current candle is partial. At most
 * MAX_CANDLES, the most recent kept.
 */
export function candlesBetween(
  seed: number,
  asset: PerpAsset,
  interval: CandleInterval,
  startMs: number,
  endMs: number,
  nowMs: number,
  pins?: MarkPins,
): Candle[] {
  const until = Math.min(endMs, nowMs);
  const starts: [number, number][] = [];
  // Skip ahead so that a huge range never walks more than MAX_CANDLES candles.
  const earliest = interval === '1M' ? startMs : until - MAX_CANDLES * INTERVAL_MS[interval];
  let [start, end] = candleBounds(interval, Math.max(0, startMs, earliest));
  while (start <= until) {
    starts.push([start, end]);
    [start, end] = candleBounds(interval, end);
  }
  return starts
    .slice(-MAX_CANDLES)
    .map(([s, e]) => candle(seed, asset, interval, s, e, nowMs, pins));
}
