import { useQuery } from '@tanstack/react-query';
import { marketPriceText, type PriceText } from '@tb/core';
import { useMemo } from 'react';
import { marketsQueryOptions } from '../api';

/** A price of `symbol` ('ETH-USD', 'DOGEUSDT', 'ETH') at that market's precision. */
export type PriceFormat = PriceText;

/**
 * Formats prices at their market's precision (5 significant figures, at most 6 − szDecimals
 * decimals) once the exchange's markets are known; before that, or for a pair the exchange
 * does not list, as the price was given (up to 6 decimals).
 */
export function usePriceFormat(): PriceFormat {
  const markets = useQuery(marketsQueryOptions());
  return useMemo(() => marketPriceText(markets.data ?? []), [markets.data]);
}
