import { DEFAULT_CHART_SYMBOL, DEFAULT_TRADING_PAIR } from '@tb/core';
import { useExchangeConnection, useMarketPrices } from '@/features/exchange';
import { findMarket } from '../components/market-select';
import { useLastSymbol } from '../lib/last-symbol-store';

/** The pair a trade is saved with, and where it comes from. */
export interface TradingPair {
  pair: string;
  /** 'exchange': the market picked (or matched) on the live exchange; 'default': none chosen. */
  source: 'typed' | 'exchange' | 'default';
}

/**
 * The trading pair of the trade idea as the Trade Idea widget shows it: with live trading
 * on, the exchange market it selects (the typed 'BTCUSD' shows as BTC-USD); else the pair
 * typed; else SPEC.md's default trading pair, BTCUSDT.
 */
export function useTradingPair(): TradingPair {
  const typed = useLastSymbol();
  const { live, current } = useExchangeConnection();
  const { markets, isError } = useMarketPrices(live);
  if (live && current && !isError) {
    const market = findMarket(markets, typed ?? DEFAULT_CHART_SYMBOL);
    if (market) return { pair: market.symbol, source: 'exchange' };
  }
  return typed
    ? { pair: typed, source: 'typed' }
    : { pair: DEFAULT_TRADING_PAIR, source: 'default' };
}
