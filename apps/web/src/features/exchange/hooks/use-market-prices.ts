import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { marketsQueryOptions, tickersQueryOptions } from '../api';

/** How often the prices beside the markets are refreshed. */
export const MARKET_PRICES_POLL_MS = 5_000;

export interface MarketPrice {
  /** The exchange's symbol, case kept ('BTC-USD', 'kPEPE-USD'). */
  symbol: string;
  base: string;
  /** Last price in dollars; null until the tickers arrive. */
  price: number | null;
  /** The market's size decimals (Hyperliquid's szDecimals): its prices' precision. */
  sizeDecimals?: number | undefined;
}

/** The markets of the exchange, in its own order (BTC, ETH, ...), with their current prices. */
export function useMarketPrices(enabled: boolean) {
  const markets = useQuery({ ...marketsQueryOptions(), enabled });
  const tickers = useQuery({
    ...tickersQueryOptions(),
    enabled,
    refetchInterval: enabled ? MARKET_PRICES_POLL_MS : false,
  });
  const list = useMemo<MarketPrice[]>(() => {
    const prices = new Map((tickers.data ?? []).map((t) => [t.symbol, t.last]));
    return (markets.data ?? []).map((m) => ({
      symbol: m.symbol,
      base: m.base,
      price: prices.get(m.symbol) ?? null,
      sizeDecimals: m.sizeDecimals,
    }));
  }, [markets.data, tickers.data]);
  return { markets: list, isLoading: markets.isPending && enabled, isError: markets.isError };
}
