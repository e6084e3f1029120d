import { useQuery } from '@tanstack/react-query';
import { formatPrice, symbolBase, type Market } from '@tb/core';
import { useCallback, useMemo } from 'react';
import { marketsQueryOptions } from '../api';

/** A price of `symbol` ('ETH-USD', 'DOGEUSDT', 'ETH') at that market's precision. */
export type PriceFormat = (value: number, symbol: string) => string;

/** The markets' size decimals by base coin, upper-cased ('KPEPE' → 0). */
export function sizeDecimalsByBase(markets: readonly Market[] | undefined): Map<string, number> {
  const byBase = new Map<string, number>();
  for (const m of markets ?? []) {
    if (m.sizeDecimals !== undefined) byBase.set(m.base.toUpperCase(), m.sizeDecimals);
  }
  return byBase;
}

/**
 * Formats prices at their market's precision (5 significant figures, at most 6 − szDecimals
 * decimals) once the exchange's markets are known; before that, or for a pair the exchange
 * does not list, as the price was given (up to 6 decimals).
 */
export function usePriceFormat(): PriceFormat {
  const markets = useQuery(marketsQueryOptions());
  const byBase = useMemo(() => sizeDecimalsByBase(markets.data), [markets.data]);
  return useCallback(
    (value: number, symbol: string) => {
      const base = symbolBase(symbol);
      const szDecimals = base === null ? undefined : byBase.get(base.toUpperCase());
      return formatPrice(value, { szDecimals });
    },
    [byBase],
  );
}
