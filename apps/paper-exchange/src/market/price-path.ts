import type { PerpAsset } from './assets.js';

/**
 * Seeded, stateless mid prices: log(price) = log(base) + Σ octaves of smooth value noise whose
 * amplitude grows with the square root of their period, so the path looks like a random walk at
 * every scale from seconds to months, yet any past or future instant is computable from
 * (seed, coin, time) alone. Candles for any range need no stored history.
 */

const MINUTE_MS = 60_000;
/** Octave periods: 15 s · 2^k, k = 0..OCTAVES−1 (the longest is about 3 months). */
const FIRST_PERIOD_MS = 15_000;
const OCTAVES = 19;

/** 32-bit integer hash (murmur3 finaliser) of a list of integers. */
function hash(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const value of values) {
    h = Math.imul(h ^ (value | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A deterministic number in [−1, 1) from integer inputs. */
export function unitNoise(...values: number[]): number {
  return hash(...values) / 2 ** 31 - 1;
}

/** A stable integer per coin name. */
export function coinKey(coin: string): number {
  let h = 17;
  for (let i = 0; i < coin.length; i += 1) h = Math.imul(h, 31) + coin.charCodeAt(i);
  return h | 0;
}

function smoothstep(x: number): number {
  return x * x * (3 - 2 * x);
}

/**
 * The mid price of `asset` at `timeMs` (epoch ms) for a seed, in USD. Not rounded to the tick.
 */
export function midPriceAt(seed: number, asset: PerpAsset, timeMs: number): number {
  const key = coinKey(asset.name);
  const sigmaPerMinute = asset.dailyVolatility / Math.sqrt(1440);
  let logOffset = 0;
  for (let octave = 0; octave < OCTAVES; octave += 1) {
    const period = FIRST_PERIOD_MS * 2 ** octave;
    // A per-octave phase keeps the grid points of different octaves apart.
    const phase = (hash(seed, key, octave, 7) % period) / period;
    const x = timeMs / period + phase;
    const cell = Math.floor(x);
    const f = smoothstep(x - cell);
    const a = unitNoise(seed, key, octave, cell % 2 ** 31);
    const b = unitNoise(seed, key, octave, (cell + 1) % 2 ** 31);
    const amplitude = sigmaPerMinute * Math.sqrt(period / MINUTE_MS);
    logOffset += amplitude * (a + (b - a) * f);
  }
  return asset.basePriceUsd * Math.exp(logOffset);
}
