import { PERP_ASSETS, priceDecimals } from './assets.js';
import type { PerpAsset } from './assets.js';
import type { MarkPins } from './pins.js';
import { pathMidAt } from './mid.js';

/** Mark prices by coin, USD. */
export type Marks = Record<string, number>;

/**
 * The mark of one asset at `timeMs`: the pinned price, else the mid (the source's, market/
 * source.ts, or the seeded path's) on the price grid.
 */
export function markPriceAt(
  seed: number,
  asset: PerpAsset,
  timeMs: number,
  pins?: MarkPins,
): number {
  const pinned = pins?.at(asset.name, timeMs);
  if (pinned !== undefined) return pinned;
  const mid = pathMidAt(seed, asset, timeMs, pins);
  return Number(mid.toFixed(priceDecimals(asset, mid)));
}

/** Marks of every asset at `timeMs`. */
export function marksAt(seed: number, timeMs: number, pins?: MarkPins): Marks {
  const marks: Marks = {};
  for (const asset of PERP_ASSETS) marks[asset.name] = markPriceAt(seed, asset, timeMs, pins);
  return marks;
}
