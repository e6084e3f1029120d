import { BASE_PERCENTAGE, streakPercentage } from './streak.js';

/** Defaults of the risk panel (SPEC.md section 9), in US dollars and percent. */
export const DEFAULT_ACCOUNT_SIZE_USD = 10_000;
export const DEFAULT_BASE_TRADE_SIZE_USD = 1_000;
export const DEFAULT_PERCENTAGE = BASE_PERCENTAGE;

/** Inputs of {@link tradeSizing}. */
export interface TradeSizingInput {
  /** Current streak, −3..3 (clamped). */
  streak: number;
  /** The USDC balance of the connected exchange, in dollars; absent when none is connected. */
  exchangeBalanceUsd?: number | null;
  /** The account size the user set, in dollars (default 10000). */
  accountSizeUsd?: number;
  /** The trade size the user set for streak 0, in dollars (default 1000). */
  baseTradeSizeUsd?: number;
}

/** The numbers of the Assets section of the risk sidebar. */
export interface TradeSizing {
  accountSizeUsd: number;
  /** Trade size at streak 0 (10 %), in dollars. */
  baseTradeSizeUsd: number;
  /** `10 + 2 × streak`, in percent. */
  percentage: number;
  /** Suggested size of the next trade, whole dollars. */
  tradeSizeUsd: number;
}

/**
 * Suggested trade size for the current streak.
 * - With an exchange balance (finite, >= 0): account size = the balance and trade size =
 *   `round(balance × pct / 100)` (SPEC.md section 9); the base is `round(balance × 10 / 100)`.
 * - Without one: the user's account size is shown and the user's base trade size is scaled
 *   by the streak, `round(base × pct / 10)`, so with the defaults (10000, 1000) both readings
 *   agree: 1000 at streak 0, 1600 at +3.
 */
export function tradeSizing(input: TradeSizingInput): TradeSizing {
  const percentage = streakPercentage(input.streak);
  const balance = input.exchangeBalanceUsd;
  if (typeof balance === 'number' && Number.isFinite(balance) && balance >= 0) {
    return {
      accountSizeUsd: balance,
      baseTradeSizeUsd: Math.round((balance * BASE_PERCENTAGE) / 100),
      percentage,
      tradeSizeUsd: Math.round((balance * percentage) / 100),
    };
  }
  const accountSizeUsd = input.accountSizeUsd ?? DEFAULT_ACCOUNT_SIZE_USD;
  const baseTradeSizeUsd = input.baseTradeSizeUsd ?? DEFAULT_BASE_TRADE_SIZE_USD;
  return {
    accountSizeUsd,
    baseTradeSizeUsd,
    percentage,
    tradeSizeUsd: Math.round((baseTradeSizeUsd * percentage) / BASE_PERCENTAGE),
  };
}
