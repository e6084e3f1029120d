import { useQuery } from '@tanstack/react-query';
import type { ConnectedExchange } from '@tb/core';
import { errorMessage } from '@/lib/api-error';
import { ACCOUNT_POLL_MS, accountQueryOptions, exchangeMessages } from '../api';
import { isTimeoutError } from '../labels';
import { useExchangeConnection } from './use-exchange-connection';

export interface ExchangeBalanceView {
  /** The connection the balance is read from, when live trading is on. */
  connection: ConnectedExchange | null;
  /** The account's USDC value in dollars; null when not live or not (yet) read. */
  balanceUsd: number | null;
  /** What to tell the user about a failed read; a time-out is not told (SPEC.md section 8). */
  error: string | null;
  isLoading: boolean;
}

/** The USDC balance of the current connection while live trading is on (polled). */
export function useExchangeBalance(): ExchangeBalanceView {
  const { live, current } = useExchangeConnection();
  const connectionId = current?.id ?? null;
  const query = useQuery({
    ...accountQueryOptions(connectionId),
    enabled: live,
    refetchInterval: live ? ACCOUNT_POLL_MS : false,
  });
  if (!live) return { connection: null, balanceUsd: null, error: null, isLoading: false };
  const value = query.data?.info.usdcValue;
  // A failed refresh keeps showing the last balance read.
  const balanceUsd = typeof value === 'number' && Number.isFinite(value) ? value : null;
  const failed = query.isError && !isTimeoutError(query.error);
  return {
    connection: current,
    balanceUsd,
    error: failed ? errorMessage(query.error, exchangeMessages.fetchAccount) : null,
    isLoading: query.isPending,
  };
}
