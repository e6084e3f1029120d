import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { sortTradesForDisplay, type LiveOrderRequest, type RiskState, type Trade } from '@tb/core';
import { useCallback } from 'react';
import { notify } from '@/components/notifications';
import { errorMessage } from '@/lib/api-error';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import * as api from '../api';
import type { NewTrade } from '../local-trades';
import { bingoWritesSettled } from './bingo-sync';

/** Fallbacks when the server gives no message (the server's own words come first). */
export const liveTradeMessages = {
  place: 'Failed to place the order on Hyperliquid',
  cancelEntry: 'Failed to cancel the entry',
  moveStop: 'Failed to move the stop',
  closeMarket: 'Failed to close the position',
  placed: (trade: Pick<Trade, 'isLong' | 'pair'>) =>
    `${trade.isLong ? 'Long' : 'Short'} ${trade.pair} placed on Hyperliquid`,
} as const;

function setTrades(client: QueryClient, change: (list: Trade[]) => Trade[]): void {
  client.setQueryData<Trade[]>(api.journalKeys.trades, (list = []) =>
    sortTradesForDisplay(change(list)),
  );
}

function replaceTrade(client: QueryClient, trade: Trade): void {
  setTrades(client, (list) => list.map((t) => (t.id === trade.id ? trade : t)));
}

/** After any live action: the trades and the risk state are read again from the server. */
function refreshJournal(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: api.journalKeys.trades });
  void client.invalidateQueries({ queryKey: api.journalKeys.risk });
}

export interface PlaceTradeView {
  /**
   * POST /api/trades with `order`: resolves to null when the bracket was placed (the trade is
   * in the journal with its live state), else to the message to show (the exchange's refusal
   * as the server words it); nothing is saved then.
   */
  place: (trade: NewTrade, order: LiveOrderRequest) => Promise<string | null>;
  placing: boolean;
}

/** Places a planned trade on the connected exchange as a bracket (DESIGN.md section 9). */
export function usePlaceTrade(): PlaceTradeView {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (v: { trade: NewTrade; order: LiveOrderRequest; key: string }) => {
      // The server snapshots the ticked cells of the stored board: let pending toggles land.
      await bingoWritesSettled(client);
      return api.createTrade({ ...v.trade, status: 'OPEN', order: v.order }, v.key);
    },
    onSuccess: (trade) => {
      setTrades(client, (list) => [trade, ...list.filter((t) => t.id !== trade.id)]);
      notify(liveTradeMessages.placed(trade), 'success');
    },
    // Opening counts the trade for today on the server; a refusal may say the session ended.
    onSettled: () => void client.invalidateQueries({ queryKey: api.journalKeys.risk }),
  });
  const { mutateAsync } = mutation;
  const place = useCallback(
    (trade: NewTrade, order: LiveOrderRequest) =>
      // One key per click: a retry of this click can never place a second order.
      mutateAsync({ trade, order, key: newIdempotencyKey() }).then(
        () => null,
        (error: unknown) => errorMessage(error, liveTradeMessages.place),
      ),
    [mutateAsync],
  );
  return { place, placing: mutation.isPending };
}

/** One action on a placed trade: run it, whether it is on its way, and the last failure. */
export interface LiveAction {
  run: () => void;
  pending: boolean;
  /** The server's message (or the fallback) of the last failed attempt; null otherwise. */
  error: string | null;
}

function useLiveAction<R>(
  request: (idempotencyKey: string) => Promise<R>,
  onDone: (client: QueryClient, answer: R) => void,
  fallback: string,
): LiveAction {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: request,
    onSuccess: (answer) => onDone(client, answer),
    onSettled: () => refreshJournal(client),
  });
  const { mutate } = mutation;
  return {
    // One key per click (kept by the mutation's own retries): the server acts once.
    run: useCallback(() => mutate(newIdempotencyKey()), [mutate]),
    pending: mutation.isPending,
    error: mutation.isError ? errorMessage(mutation.error, fallback) : null,
  };
}

export interface LiveTradeActions {
  /** POST /api/trades/:id/cancel-entry (entry resting): the trade leaves the journal. */
  cancelEntry: LiveAction;
  /** POST /api/trades/:id/stop at the entry fill (else the entry): the stop to break-even. */
  moveStopToBreakEven: LiveAction;
  /** POST /api/trades/:id/close-market (position open): closed from the close's fills. */
  closeAtMarket: LiveAction;
}

/** The actions on one placed trade (the Trade History card). */
export function useLiveTradeActions(trade: Trade): LiveTradeActions {
  const { id } = trade;
  const breakEven = trade.live?.filledPrice ?? trade.entryPrice;
  const cancelEntry = useLiveAction(
    (key) => api.cancelTradeEntry(id, key),
    (client) => setTrades(client, (list) => list.filter((t) => t.id !== id)),
    liveTradeMessages.cancelEntry,
  );
  const moveStopToBreakEven = useLiveAction(
    (key) => api.moveTradeStop(id, breakEven, key),
    replaceTrade,
    liveTradeMessages.moveStop,
  );
  const closeAtMarket = useLiveAction(
    (key) => api.closeTradeAtMarket(id, key),
    (client, answer: { trade: Trade; stats: RiskState }) => {
      replaceTrade(client, answer.trade);
      client.setQueryData(api.journalKeys.risk, answer.stats);
    },
    liveTradeMessages.closeMarket,
  );
  return { cancelEntry, moveStopToBreakEven, closeAtMarket };
}
