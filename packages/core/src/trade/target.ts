import { decimalsOf, MAX_PRICE_DECIMALS } from '../format/price.js';
import { roundTo } from '../format/round.js';
import { parsePrice, type PriceInput } from './levels.js';

/** Decimal places of a calculated target (SPEC.md section 9), at least. */
export const TARGET_DECIMALS = 4;

/**
 * Decimals of the target of these prices: SPEC.md's 4, or more when the stop or the entry has
 * more (up to a price's 6): a coin at 0.012345 keeps its R/R instead of a target cut to 0.0126
 * (issue 26).
 */
export function targetDecimals(stopLoss: number, entry: number): number {
  const typed = Math.max(decimalsOf(stopLoss), decimalsOf(entry));
  return Math.max(TARGET_DECIMALS, Math.min(typed, MAX_PRICE_DECIMALS));
}
/** Where a short target that would be 0 or below lands instead (SPEC.md section 5). */
export const SHORT_TARGET_FLOOR = 0.0001;

/** Inputs of {@link targetFromRiskReward}; prices in dollars per unit. */
export interface TargetInput {
  isLong: boolean;
  stopLoss: PriceInput;
  entry: PriceInput;
  /** Wanted reward as a multiple of the risk (the risk tier's R/R, e.g. 2 for 2R). >= 0. */
  riskReward: number;
}

/**
 * The target proposed from stoploss, entry and the tier's R/R (SPEC.md sections 4, 5, 9):
 * long `entry + (entry − stop) × rr`, short `entry − (stop − entry) × rr`, rounded to 4
 * decimals, or to the prices' own up to 6 ({@link targetDecimals}). A long target that rounds to 0 or below falls back to the entry; a short one to
 * 0.0001. `null` when stoploss or entry is missing, not numeric, or on the wrong side of the
 * entry (long needs stop < entry, short needs stop > entry).
 *
 * @throws RangeError when `riskReward` is negative or not finite (a programmer error).
 */
export function targetFromRiskReward(input: TargetInput): number | null {
  const { isLong, riskReward } = input;
  if (!Number.isFinite(riskReward) || riskReward < 0) {
    throw new RangeError(`riskReward must be a finite number >= 0, got ${riskReward}`);
  }
  const stopLoss = parsePrice(input.stopLoss);
  const entry = parsePrice(input.entry);
  if (stopLoss === null || entry === null) return null;
  if (isLong ? !(entry > stopLoss) : !(entry < stopLoss)) return null;
  const raw = isLong
    ? entry + (entry - stopLoss) * riskReward
    : entry - (stopLoss - entry) * riskReward;
  const target = roundTo(raw, targetDecimals(stopLoss, entry));
  if (target > 0) return target;
  return isLong ? entry : SHORT_TARGET_FLOOR;
}
