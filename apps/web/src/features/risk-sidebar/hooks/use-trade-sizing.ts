import { sizingOf, suggestedSizeUsd, usd, type TradeSizing, type Usd } from '@tb/core';
import { useExchangeBalance, type ExchangeBalanceView } from '@/features/exchange';
import { useRisk } from '@/features/journal';

export interface TradeSizingView {
  /** What the Assets section shows: the exchange's sizing while its balance is known. */
  sizing: TradeSizing;
  fromExchange: boolean;
  exchange: ExchangeBalanceView;
  /**
   * The size of the next trade in USD, the most the server allows: the exchange-based size
   * while the balance is known, else the stored one (one rule, core's sizingOf).
   */
  maxSizeUsd: Usd;
  /** The connection whose balance sized it, sent with the trade; null without a balance. */
  sizedFrom: string | null;
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
  // The server sizes a trade by the same rule from the same connection's balance.
  const sizing = fromExchange ? sizingOf(risk, balance) : stored;
  return {
    sizing,
    fromExchange,
    exchange,
    maxSizeUsd: usd(fromExchange ? sizing.tradeSizeUsd : suggestedSizeUsd(risk)),
    sizedFrom: fromExchange ? (exchange.connection?.id ?? null) : null,
  };
}
