import { decimalPlaces, significantFigures } from '../util/decimal.js';

/** A perpetual market of the paper exchange; its asset id is its index in PERP_ASSETS. */
export interface PerpAsset {
  name: string;
  szDecimals: number;
  maxLeverage: number;
  /** Where the seeded price path is centred, in USD. */
  basePriceUsd: number;
  /** Typical one-day move of the log price (0.03 = 3%). */
  dailyVolatility: number;
}

export const PERP_ASSETS: readonly PerpAsset[] = [
  { name: 'BTC', szDecimals: 5, maxLeverage: 40, basePriceUsd: 95_000, dailyVolatility: 0.03 },
  { name: 'ETH', szDecimals: 4, maxLeverage: 25, basePriceUsd: 3_500, dailyVolatility: 0.04 },
  { name: 'SOL', szDecimals: 2, maxLeverage: 20, basePriceUsd: 180, dailyVolatility: 0.05 },
  { name: 'HYPE', szDecimals: 2, maxLeverage: 10, basePriceUsd: 30, dailyVolatility: 0.06 },
  { name: 'AVAX', szDecimals: 2, maxLeverage: 10, basePriceUsd: 30, dailyVolatility: 0.05 },
  { name: 'DOGE', szDecimals: 0, maxLeverage: 10, basePriceUsd: 0.2, dailyVolatility: 0.05 },
  { name: 'kPEPE', szDecimals: 0, maxLeverage: 10, basePriceUsd: 0.015, dailyVolatility: 0.07 },
];

/** Perp prices may have at most 6 − szDecimals decimals. */
const PERP_MAX_DECIMALS = 6;

/** The perp with asset id `id` (its index in the universe). */
export function assetById(id: number): PerpAsset | undefined {
  return PERP_ASSETS[id];
}

/** The asset id of a coin, or −1. */
export function assetIdByName(name: string): number {
  return PERP_ASSETS.findIndex((asset) => asset.name === name);
}

/** Default leverage of a new position: min(20, maxLeverage). */
export function defaultLeverage(asset: PerpAsset): number {
  return Math.min(20, asset.maxLeverage);
}

/** Decimals a price of this asset may have at `priceUsd`: ≤ 5 significant figures and ≤ 6 − szDecimals. */
export function priceDecimals(asset: PerpAsset, priceUsd: number): number {
  const magnitude = Math.floor(Math.log10(Math.max(priceUsd, 1e-12)));
  return Math.max(0, Math.min(PERP_MAX_DECIMALS - asset.szDecimals, 4 - magnitude));
}

/** The tick (smallest price step) at `priceUsd`. */
export function tickSize(asset: PerpAsset, priceUsd: number): number {
  return 10 ** -priceDecimals(asset, priceUsd);
}

/**
 * Whether a canonical price string obeys Hyperliquid's tick rule: integers always; otherwise at
 * most 5 significant figures and at most 6 − szDecimals decimals.
 */
export function isValidPrice(asset: PerpAsset, canonicalPrice: string): boolean {
  const places = decimalPlaces(canonicalPrice);
  if (places === 0) return true;
  return significantFigures(canonicalPrice) <= 5 && places <= PERP_MAX_DECIMALS - asset.szDecimals;
}

/** Whether a canonical size string has at most szDecimals decimals. */
export function isValidSize(asset: PerpAsset, canonicalSize: string): boolean {
  return decimalPlaces(canonicalSize) <= asset.szDecimals;
}

/** Rounds a price onto the tick grid, down for bids and up for asks. */
export function roundPrice(asset: PerpAsset, priceUsd: number, direction: 'down' | 'up'): number {
  const decimals = priceDecimals(asset, priceUsd);
  const factor = 10 ** decimals;
  const scaled = priceUsd * factor;
  const stepped = direction === 'down' ? Math.floor(scaled + 1e-9) : Math.ceil(scaled - 1e-9);
  return Number((stepped / factor).toFixed(decimals));
}
