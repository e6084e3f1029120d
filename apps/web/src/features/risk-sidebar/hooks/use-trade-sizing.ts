import { suggestedSizeUsd, tradeSizing, usd, type TradeSizing, type Usd } from '@tb/core';
import { useExchangeBalance, type ExchangeBalanceView } from '@/features/exchange';
import { useRisk } from '@/features/journal';

export interface TradeSizingView {
  /** What the Assets section shows: the exchange's sizing while its balance is known. */
  sizing: TradeSizing;
  fromExchange: boolean;
  exchange: ExchangeBalanceView;
  /**
   * The size of the next trade in USD: the suggested size of the risk state (what the server
   * allows at most), or the exchange-based size when that is smaller.
   */
  maxSizeUsd: Usd;
}

/**
 * Account size and trade size. With live trading on and the balance read, they come from the
 * exchange (SPEC.md section 9: the USDC balance, and round(balance × (10 + 2 × streak) / 100));
 * otherwise from the stored account and base trade size.
 */
export function useTradeSizing(): TradeSizingView {
  const { risk, sizing: stored } = useRisk();
  const exchange = useExchangeBalance();
  const balance = exchange.balanceUsd;
  const fromExchange = balance !== null;
  const sizing = fromExchange
    ? tradeSizing({ streak: risk.tradeStreak, exchangeBalanceUsd: balance })
    : stored;
  const suggested = suggestedSizeUsd(risk);
  const maxSizeUsd = fromExchange ? usd(Math.min(suggested, sizing.tradeSizeUsd)) : suggested;
  return { sizing, fromExchange, exchange, maxSizeUsd };
}
