import { checkTradeSize, parsePrice, usd, type Usd } from '@tb/core';

/** The trade size as typed, read against the largest size allowed now. */
export interface SizeReading {
  /** The size to save in USD; null while the typed size cannot be used. */
  sizeUsd: Usd | null;
  error: string | null;
}

export const sizeMessages = {
  noSuggestion: 'Set an account and trade size in the risk sidebar first',
} as const;

/**
 * An empty field takes the suggested size; a typed one must pass core's `checkTradeSize`
 * (above $0, never above the suggested size), the rule and words the server answers with.
 */
export function readSize(text: string, maxSizeUsd: Usd): SizeReading {
  const typed = text.trim();
  if (typed === '') {
    return maxSizeUsd > 0
      ? { sizeUsd: maxSizeUsd, error: null }
      : { sizeUsd: null, error: sizeMessages.noSuggestion };
  }
  // Text that is no number is no size: core refuses it as not above $0.
  const sizeUsd = usd(parsePrice(typed) ?? 0);
  const error = checkTradeSize(sizeUsd, maxSizeUsd);
  return error ? { sizeUsd: null, error } : { sizeUsd, error: null };
}

/**
 * The side a stop and an entry describe: long (true) when the stop is below the entry, short
 * (false) when above; null while either is missing or they are equal.
 */
export function sideOfLevels(stopLoss: number | null, entry: number | null): boolean | null {
  if (stopLoss === null || entry === null || stopLoss === entry) return null;
  return stopLoss < entry;
}
