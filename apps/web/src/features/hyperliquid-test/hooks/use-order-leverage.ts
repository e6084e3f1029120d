import { useQuery } from '@tanstack/react-query';
import { normalizeOrderSymbol, type LeverageRequest } from '@tb/core';
import { useState } from 'react';
import { marketsQueryOptions, positionsQueryOptions } from '@/features/exchange';
import type { AppliedLeverage, TradingActions } from './use-trading-actions';

/** The most any market allows when the market list does not say (the server's bound). */
export const FALLBACK_MAX_LEVERAGE = 100;
/** What Hyperliquid applies to an asset never set: 20x cross, or the asset's maximum if lower. */
export const EXCHANGE_DEFAULT_LEVERAGE = 20;

/** What the exchange applies to a symbol, and where the page learnt it. */
export interface ExchangeLeverage extends AppliedLeverage {
  /** 'position': the open position says it; 'set': the exchange accepted it on this page. */
  source: 'position' | 'set';
}

export const leverageRangeMessage = (max: number) =>
  `Leverage must be a whole number from 1 to ${max}`;

/**
 * The leverage of the order form for `symbol`. It starts at what the exchange applies (the
 * open position's leverage, else the last one it accepted on this page), else at Hyperliquid's
 * default; the trader's choice holds until the symbol changes. `pending` is the updateLeverage
 * to send before an order: null when the exchange already applies the choice.
 */
export function useOrderLeverage(
  symbol: string,
  connectionId: string | null,
  actions: Pick<TradingActions, 'appliedLeverage'>,
) {
  const [typed, setTyped] = useState<{ symbol: string; value: string } | null>(null);
  const [mode, setMode] = useState<{ symbol: string; isCross: boolean } | null>(null);
  const markets = useQuery(marketsQueryOptions());
  const positions = useQuery(positionsQueryOptions(connectionId));
  const normalized = normalizeOrderSymbol(symbol);

  const max =
    markets.data?.find((m) => m.symbol === normalized)?.maxLeverage ?? FALLBACK_MAX_LEVERAGE;
  const position = positions.data?.find((p) => p.symbol === normalized);
  const confirmed = normalized === null ? undefined : actions.appliedLeverage[normalized];
  let applied: ExchangeLeverage | null = null;
  if (position) {
    applied = {
      leverage: position.leverage,
      isCross: position.leverageType === 'cross',
      source: 'position',
    };
  } else if (confirmed) {
    applied = { ...confirmed, source: 'set' };
  }

  const value =
    typed?.symbol === symbol
      ? typed.value
      : String(applied?.leverage ?? Math.min(EXCHANGE_DEFAULT_LEVERAGE, max));
  const isCross = mode?.symbol === symbol ? mode.isCross : (applied?.isCross ?? true);
  const leverage = Number(value);
  const valid =
    value.trim() !== '' && Number.isInteger(leverage) && leverage >= 1 && leverage <= max;
  const request: LeverageRequest | null =
    valid && normalized !== null ? { symbol: normalized, leverage, isCross } : null;
  const matches = applied !== null && applied.leverage === leverage && applied.isCross === isCross;

  return {
    value,
    setValue: (next: string) => setTyped({ symbol, value: next }),
    isCross,
    setIsCross: (next: boolean) => setMode({ symbol, isCross: next }),
    max,
    valid,
    error: valid ? null : leverageRangeMessage(max),
    applied,
    /** The valid choice as a request (null while invalid). */
    request,
    /** The request to send before an order, or null when the exchange already applies it. */
    pending: matches ? null : request,
    /** Margin an order of `notionalUsd` takes at the chosen leverage (notional / leverage). */
    marginFor: (notionalUsd: number | null): number | null =>
      notionalUsd === null || !valid ? null : notionalUsd / leverage,
  };
}

export type OrderLeverage = ReturnType<typeof useOrderLeverage>;
