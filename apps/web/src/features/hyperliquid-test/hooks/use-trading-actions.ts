import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloseAllResult, LeverageRequest, OpenOrder, OrderRequest, Position } from '@tb/core';
import { useState } from 'react';
import { notify } from '@/components';
import {
  cancelOrder,
  closeAllPositions,
  closePosition,
  exchangeKeys,
  exchangeMessages,
  placeOrder,
  setLeverage,
} from '@/features/exchange';
import { journalKeys } from '@/features/journal';
import { isApiError } from '@/lib/api-error';

/** Texts of this page that SPEC.md section 8 does not give. */
export const tradingMessages = {
  cancelFailed: 'Failed to cancel order',
  closeFailed: 'Failed to close position',
  closeAllFailed: 'Failed to close positions',
  leverageFailed: 'Failed to set leverage',
  leverageSet: (symbol: string, leverage: number) => `Leverage set to ${leverage}x for ${symbol}`,
  closedAll: (count: number) =>
    count === 0 ? 'No open positions' : `Closed ${count} position${count === 1 ? '' : 's'}`,
  closeAllFailedFor: (symbol: string, message: string) => `Could not close ${symbol}: ${message}`,
} as const;

function reportCloseAll({ data }: { data: CloseAllResult }) {
  if (data.closed.length > 0 || data.failed.length === 0)
    notify(tradingMessages.closedAll(data.closed.length), 'success');
  for (const { symbol, message } of data.failed)
    notify(tradingMessages.closeAllFailedFor(symbol, message), 'error');
}

/** The leverage the exchange confirmed for a symbol (updateLeverage answered ok). */
export interface AppliedLeverage {
  leverage: number;
  isCross: boolean;
}

export interface TradingActions {
  /**
   * Places the order; with `leverage`, sends it first (updateLeverage) and places the order
   * only once the exchange accepted it.
   */
  placeOrder: (
    order: OrderRequest,
    onPlaced?: () => void,
    leverage?: LeverageRequest | null,
  ) => void;
  placing: boolean;
  closePosition: (position: Position) => void;
  /** Symbol of the position being closed, if any. */
  closingSymbol: string | null;
  closeAll: () => void;
  closingAll: boolean;
  cancelOrder: (order: OpenOrder) => void;
  /** Id of the order being cancelled, if any. */
  cancellingId: string | null;
  setLeverage: (request: LeverageRequest) => void;
  settingLeverage: boolean;
  /**
   * Leverage the exchange accepted on this page, by symbol: what it applies to a symbol with no
   * open position (a position's own `leverage` says it otherwise).
   */
  appliedLeverage: Readonly<Record<string, AppliedLeverage>>;
  /**
   * The server refused an order with 403 SESSION_ENDED (and no order has gone through since);
   * `useSessionLock` decides how long it still holds.
   */
  sessionRefusal: SessionRefusal | null;
}

interface PlaceVariables {
  order: OrderRequest;
  leverage: LeverageRequest | null;
}

/** A 403 SESSION_ENDED answer: the server's sentence, why, and when trading opens again. */
export interface SessionRefusal {
  message: string;
  reason: string | null;
  /** ISO instant; null when the server did not say. */
  reopensAt: string | null;
  /** `RiskView.serverReadAt` when the refusal came: a risk state read later supersedes it. */
  riskReadAt: number;
}

/**
 * Every write of the trading page. Failures and plain successes are notified by the query
 * client (`meta`); each write refreshes the account tables (`exchangeKeys.private`).
 */
export function useTradingActions(): TradingActions {
  const client = useQueryClient();
  const [sessionRefusal, setSessionRefusal] = useState<SessionRefusal | null>(null);
  const [appliedLeverage, setApplied] = useState<Record<string, AppliedLeverage>>({});
  const sendLeverage = async (request: LeverageRequest) => {
    const answer = await setLeverage(request);
    const { symbol, leverage, isCross } = answer.data;
    setApplied((current) => ({ ...current, [symbol]: { leverage, isCross } }));
    return answer;
  };
  const onSettled = () => client.invalidateQueries({ queryKey: exchangeKeys.private });
  const onError = (error: unknown) => {
    if (!isApiError(error) || error.code !== 'SESSION_ENDED') return;
    setSessionRefusal({
      message: error.message,
      reason: error.reason ?? null,
      reopensAt: error.reopensAt ?? null,
      riskReadAt: client.getQueryState(journalKeys.risk)?.dataUpdatedAt ?? 0,
    });
    // The risk state the page reads up front may be behind the server's: read it again.
    void client.invalidateQueries({ queryKey: journalKeys.risk });
  };
  const placed = {
    errorMessage: exchangeMessages.placeOrder,
    successMessage: exchangeMessages.orderPlaced,
    // The session-ended banner says it: no notification on top of it.
    silentCodes: ['SESSION_ENDED'],
  };

  const place = useMutation({
    mutationFn: async ({ order, leverage }: PlaceVariables) => {
      if (leverage) await sendLeverage(leverage);
      return placeOrder(order);
    },
    meta: placed,
    onError,
    // A new position going through means the session is open again (e.g. reset elsewhere).
    onSuccess: (_res, { order }) => {
      if (!order.reduceOnly) setSessionRefusal(null);
    },
    onSettled,
  });
  // The server closes at the market's own size precision (the form's 0.001 step would refuse
  // a 0.0005 position); the answer lists what closed and what failed.
  const close = useMutation({
    mutationFn: (position: Position) => closePosition(position.symbol),
    meta: { errorMessage: tradingMessages.closeFailed },
    onSuccess: reportCloseAll,
    onSettled,
  });
  const closeAll = useMutation({
    mutationFn: closeAllPositions,
    meta: { errorMessage: tradingMessages.closeAllFailed },
    onSuccess: reportCloseAll,
    onSettled,
  });
  const cancel = useMutation({
    mutationFn: (order: OpenOrder) => cancelOrder(order.id, order.assetId),
    meta: {
      errorMessage: tradingMessages.cancelFailed,
      successMessage: exchangeMessages.orderCancelled,
    },
    onSettled,
  });
  const leverage = useMutation({
    mutationFn: sendLeverage,
    meta: { errorMessage: tradingMessages.leverageFailed },
    onSuccess: ({ data }) =>
      notify(tradingMessages.leverageSet(data.symbol, data.leverage), 'success'),
    onSettled,
  });

  return {
    placeOrder: (order, onPlaced, leverage = null) =>
      place.mutate({ order, leverage }, { onSuccess: () => onPlaced?.() }),
    placing: place.isPending,
    closePosition: (position) => close.mutate(position),
    closingSymbol: close.isPending ? (close.variables?.symbol ?? null) : null,
    closeAll: () => closeAll.mutate(),
    closingAll: closeAll.isPending,
    cancelOrder: (order) => cancel.mutate(order),
    cancellingId: cancel.isPending ? (cancel.variables?.id ?? null) : null,
    setLeverage: (request) => leverage.mutate(request),
    settingLeverage: leverage.isPending,
    appliedLeverage,
    sessionRefusal,
  };
}
