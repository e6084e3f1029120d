import { formatUsd, parsePrice, usd, type Usd } from '@tb/core';

/** The trade size as typed, read against the largest size allowed now. */
export interface SizeReading {
  /** The size to save in USD; null while the typed size cannot be used. */
  sizeUsd: Usd | null;
  error: string | null;
}

export const sizeMessages = {
  notPositive: 'Trade size must be above $0',
  noSuggestion: 'Set an account and trade size in the risk sidebar first',
  tooLarge: (maxUsd: number) => `Above the suggested ${formatUsd(maxUsd)}: size down, never up`,
} as const;

/**
 * An empty field takes the suggested size; a typed one must be above $0 and not above the
 * suggested size (DESIGN.md section 7: a trader may size down, never up).
 */
export function readSize(text: string, maxSizeUsd: Usd): SizeReading {
  const typed = text.trim();
  if (typed === '') {
    return maxSizeUsd > 0
      ? { sizeUsd: maxSizeUsd, error: null }
      : { sizeUsd: null, error: sizeMessages.noSuggestion };
  }
  const value = parsePrice(typed);
  if (value === null || !(usd(value) > 0))
    return { sizeUsd: null, error: sizeMessages.notPositive };
  if (usd(value) > maxSizeUsd) return { sizeUsd: null, error: sizeMessages.tooLarge(maxSizeUsd) };
  return { sizeUsd: usd(value), error: null };
}

/**
 * The side a stop and an entry describe: long (true) when the stop is below the entry, short
 * (false) when above; null while either is missing or they are equal.
 */
export function sideOfLevels(stopLoss: number | null, entry: number | null): boolean | null {
  if (stopLoss === null || entry === null || stopLoss === entry) return null;
  return stopLoss < entry;
}
