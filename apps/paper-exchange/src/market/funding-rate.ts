import { PERP_ASSETS, assetIdByName } from './assets.js';
import type { PerpAsset } from './assets.js';
import type { MarkPins } from './pins.js';
import { pathMidAt } from './mid.js';
import { formatDecimal } from '../util/decimal.js';

/**
 * Hourly funding rates, as Hyperliquid charges them (HYPERLIQUID.md, DESIGN.md section 12):
 * every whole hour H a position pays `szi · mark(H) · rate(H)` (a long pays a positive rate, a
 * short receives it). The rate of hour H (the hour that ends at H) is
 *
 *   rate(H) = clamp(INTEREST + premium(H), −MAX_RATE, +MAX_RATE)
 *   premium(H) = PREMIUM_PER_MOVE · (mid(H − 1 h) / mid(H − 1 h − 8 h) − 1)
 *
 * on the mid path (market/price-path.ts, or market/mid.ts with mainnet's mids): the perp trades rich after a rise and cheap
 * after a fall, so longs pay more after a rally and receive after a slide. The window ends
 * where the hour starts, so the rate of the current hour is known while it runs. A coin whose
 * mark is pinned at H (market/pins.ts) has its mark, mid and oracle at one price: premium 0,
 * and the rate is exactly INTEREST. Rates are rounded to RATE_DECIMALS places, the number that
 * is charged and the one the wire shows. A function of (seed, coin, H, pins), the mids through
 * the pins' source when the market follows mainnet (market/source.ts).
 */

export const HOUR_MS = 3_600_000;
/** Hyperliquid's interest part: 0.01% per 8 hours, charged hourly. */
export const INTEREST_RATE_PER_HOUR = 0.0000125;
/** Hyperliquid's cap on the hourly rate, either way (as the paper exchange applies it). */
export const MAX_RATE_PER_HOUR = 0.0005;
/** Premium per unit of relative move over the window (a 1% rise adds 0.002%/h). */
const PREMIUM_PER_MOVE = 0.002;
/** The move the premium follows: eight hours, ending where the hour starts. */
const PREMIUM_WINDOW_MS = 8 * HOUR_MS;
export const RATE_DECIMALS = 8;

export interface Funding {
  /** The hourly rate charged at the hour (fraction of notional). */
  fundingRate: number;
  /** Its premium part (the rest is the interest part, before the clamp). */
  premium: number;
}

function round(value: number): number {
  const factor = 10 ** RATE_DECIMALS;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** A rate as Hyperliquid writes it ("0.0000125", "-0.00000783"): no exponent. */
export function formatRate(rate: number): string {
  return formatDecimal(rate, RATE_DECIMALS);
}

/** The first whole hour strictly after `timeMs`. */
export function nextHour(timeMs: number): number {
  return Math.floor(timeMs / HOUR_MS) * HOUR_MS + HOUR_MS;
}

/** Funding of `asset` for the hour that ends at `hourMs` (a whole hour, epoch ms). */
export function fundingAt(
  seed: number,
  asset: PerpAsset,
  hourMs: number,
  pins?: MarkPins,
): Funding {
  let premium = 0;
  if (pins?.at(asset.name, hourMs) === undefined) {
    const start = hourMs - HOUR_MS;
    const move =
      pathMidAt(seed, asset, start, pins) /
        pathMidAt(seed, asset, start - PREMIUM_WINDOW_MS, pins) -
      1;
    premium = round(PREMIUM_PER_MOVE * move);
  }
  const rate = Math.min(
    MAX_RATE_PER_HOUR,
    Math.max(-MAX_RATE_PER_HOUR, INTEREST_RATE_PER_HOUR + premium),
  );
  return { fundingRate: round(rate), premium };
}

/** The hourly funding rate of `coin` charged at `hourMs`; 0 for a coin the exchange lists not. */
export function fundingRateAt(seed: number, coin: string, hourMs: number, pins?: MarkPins): number {
  const asset = PERP_ASSETS[assetIdByName(coin)];
  return asset ? fundingAt(seed, asset, hourMs, pins).fundingRate : 0;
}
