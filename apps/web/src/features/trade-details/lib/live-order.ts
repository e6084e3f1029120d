/** The leverage a placed trade starts at, when the trader has not chosen one. */
export const DEFAULT_LIVE_LEVERAGE = 5;
/** The highest leverage offered when the market list does not give the asset's maximum. */
export const FALLBACK_MAX_LIVE_LEVERAGE = 50;
/** Maintenance margin rate assumed when the asset's maximum leverage is not known. */
export const FALLBACK_MAINTENANCE_RATE = 0.01;

/**
 * Hyperliquid's maintenance margin rate: half the initial margin at the asset's maximum
 * leverage, i.e. 1 / (2 × maxLeverage); {@link FALLBACK_MAINTENANCE_RATE} when unknown.
 */
export function maintenanceMarginRate(maxLeverage: number | null): number {
  return maxLeverage !== null && Number.isFinite(maxLeverage) && maxLeverage > 0
    ? 1 / (2 * maxLeverage)
    : FALLBACK_MAINTENANCE_RATE;
}

/** Margin a position of `sizeUsd` takes at `leverage` (size ÷ leverage); null when invalid. */
export function marginUsd(sizeUsd: number, leverage: number): number | null {
  if (!Number.isFinite(sizeUsd) || !Number.isFinite(leverage) || leverage <= 0) return null;
  return sizeUsd / leverage;
}

export interface LiquidationInput {
  isLong: boolean;
  entry: number;
  leverage: number;
  /** The asset's maximum leverage; null when not known. */
  maxLeverage: number | null;
}

/**
 * An isolated-margin estimate of the liquidation price: long entry × (1 − 1/leverage + mmr),
 * short entry × (1 + 1/leverage − mmr), mmr = {@link maintenanceMarginRate}. Only an
 * estimate: the exchange's own price depends on fees, funding and cross margin. Null when the
 * input cannot give a price (no entry, leverage below 1).
 */
export function estimatedLiquidationPrice(input: LiquidationInput): number | null {
  const { isLong, entry, leverage } = input;
  if (!Number.isFinite(entry) || entry <= 0 || !Number.isFinite(leverage) || leverage < 1) {
    return null;
  }
  const mmr = maintenanceMarginRate(input.maxLeverage);
  const factor = isLong ? 1 - 1 / leverage + mmr : 1 + 1 / leverage - mmr;
  return Math.max(0, entry * factor);
}

/**
 * Whether the estimated liquidation comes before the stop: a long liquidated at or above its
 * stop, a short at or below it. The stop would then never get the chance to fire.
 */
export function liquidationBeforeStop(
  isLong: boolean,
  liquidation: number | null,
  stopLoss: number,
): boolean {
  if (liquidation === null) return false;
  return isLong ? liquidation >= stopLoss : liquidation <= stopLoss;
}

export const leverageRangeMessage = (max: number) =>
  `Leverage must be a whole number from 1 to ${max}`;

/** The leverage as typed: a whole number from 1 to `max`, else null. */
export function readLeverage(text: string, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && value <= max ? value : null;
}

/** The leverage to start at: the default, or the asset's maximum when that is lower. */
export function defaultLeverage(max: number): number {
  return Math.max(1, Math.min(DEFAULT_LIVE_LEVERAGE, max));
}
