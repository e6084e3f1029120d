import { symbolBase } from '@tb/core';

/** The same chart on tradingview.com, e.g. for 'COINBASE:BTCUSD'. */
export function tradingViewUrl(tvSymbol: string): string {
  return `https://www.tradingview.com/chart/?symbol=${encodeURIComponent(tvSymbol)}`;
}

/** A CoinGecko search for the base coin ('COINBASE:BTCUSD' → query=BTC). */
export function coinGeckoUrl(tvSymbol: string): string {
  const base = symbolBase(tvSymbol) ?? tvSymbol;
  return `https://www.coingecko.com/en/search?query=${encodeURIComponent(base)}`;
}
