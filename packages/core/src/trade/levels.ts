import { roundTo } from '../format/round.js';
import { tradeMessages } from './messages.js';

/** A price as typed into a form: a number, a numeric string, or nothing yet. */
export type PriceInput = number | string | null | undefined;

/** The three prices of a trade idea as typed, in quote currency (dollars) per unit. */
export interface TradeLevelsInput {
  /** true for a long (buy) trade, false for a short (sell) trade. */
  isLong: boolean;
  stopLoss: PriceInput;
  entry: PriceInput;
  target: PriceInput;
}

/** Prices that passed {@link tradeLevels}: all finite, >= 0, and ordered for the side. */
export interface TradeLevels {
  isLong: boolean;
  stopLoss: number;
  entry: number;
  target: number;
}

const NUMERIC_TEXT = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Reads a typed price. Accepts finite numbers >= 0 and plain decimal strings ('12', '0.5',
 * '.5', '1e3'); anything else (empty, negative, 'abc', '0x10', 'Infinity') is `null`.
 * Price inputs have min 0 (SPEC.md section 5), so a negative price is treated as not valid.
 */
export function parsePrice(input: PriceInput): number | null {
  if (typeof input === 'number') return Number.isFinite(input) && input >= 0 ? input : null;
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (!NUMERIC_TEXT.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * Why these prices cannot be saved as a trade, or `null` when they can (SPEC.md section 5:
 * all three present and numeric; long needs entry above stoploss and target above entry,
 * short needs entry below stoploss and target below entry).
 */
export function tradeLevelsError(input: TradeLevelsInput): string | null {
  const raw = [input.stopLoss, input.entry, input.target];
  if (raw.some((v) => v === null || v === undefined || (typeof v === 'string' && !v.trim()))) {
    return tradeMessages.levelsRequired;
  }
  const [stopLoss, entry, target] = raw.map(parsePrice);
  if (stopLoss == null || entry == null || target == null) return tradeMessages.levelsNotNumbers;
  if (input.isLong) {
    if (!(entry > stopLoss)) return tradeMessages.longEntryAboveStop;
    if (!(target > entry)) return tradeMessages.longTargetAboveEntry;
  } else {
    if (!(entry < stopLoss)) return tradeMessages.shortEntryBelowStop;
    if (!(target < entry)) return tradeMessages.shortTargetBelowEntry;
  }
  return null;
}

/** The parsed, ordered prices, or `null` when {@link tradeLevelsError} has a complaint. */
export function tradeLevels(input: TradeLevelsInput): TradeLevels | null {
  if (tradeLevelsError(input) !== null) return null;
  return {
    isLong: input.isLong,
    stopLoss: parsePrice(input.stopLoss) as number,
    entry: parsePrice(input.entry) as number,
    target: parsePrice(input.target) as number,
  };
}

/**
 * Reward divided by risk, unrounded: long (target − entry) / (entry − stoploss), short
 * (entry − target) / (stoploss − entry). Always > 0; `null` when the prices are missing,
 * not numeric, not ordered for the side, or so close that the ratio overflows. Round with
 * `roundTo(x, 2)` to store it.
 */
export function riskRewardRatio(input: TradeLevelsInput): number | null {
  const levels = tradeLevels(input);
  if (!levels) return null;
  const { stopLoss, entry, target } = levels;
  const ratio = levels.isLong
    ? (target - entry) / (entry - stopLoss)
    : (entry - target) / (stopLoss - entry);
  return Number.isFinite(ratio) ? ratio : null;
}

/**
 * The R/R shown beside the trade form: reward/risk with 2 decimals ('2.50'), or '0.00' when
 * the prices are missing, not numeric or not ordered (SPEC.md section 5).
 */
export function formatRiskReward(input: TradeLevelsInput): string {
  const ratio = riskRewardRatio(input);
  return ratio === null ? '0.00' : roundTo(ratio, 2).toFixed(2);
}
