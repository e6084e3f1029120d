import { queryOptions } from '@tanstack/react-query';
import type { TradeWithStatsResponse } from '@tb/core';
import { apiRequest } from '@/lib/api-client';

/**
 * One round trip on the exchange that no journal trade explains (GET /api/exchange/unjournaled):
 * it opens when the coin's position leaves 0 and ends when it returns to 0. Built by the server
 * from the connection's unjournaled, undismissed fills.
 */
export interface UnjournaledTrip {
  /** The first fill's tid. */
  id: string;
  /** Journal pair, e.g. 'ETHUSDT'. */
  pair: string;
  /** Exchange coin, e.g. 'ETH'. */
  coin: string;
  isLong: boolean;
  entryPrice: number;
  /** null while the position is still open. */
  exitPrice: number | null;
  /** In coin units. */
  size: number;
  feesUsd: number;
  /** Realized P/L after fees; null while open. */
  pnlUsd: number | null;
  /** Epoch ms or ISO instant. */
  openedAt: number | string;
  closedAt: number | string | null;
  tids: number[];
}

export interface UnjournaledResponse {
  trips: UnjournaledTrip[];
}

export interface ImportTripRequest {
  tids: number[];
  stopLoss: number;
  takeProfit: number;
}

export interface AttachTripRequest {
  tids: number[];
  tradeId: string;
}

export const unjournaledKeys = {
  /**
   * Among the connected account's private data, so every write of the trading page (an order,
   * a close) reads the list again; per connection, so switching accounts reads the other one.
   */
  list: (connectionId: string | null) =>
    ['exchange', 'private', connectionId, 'unjournaled'] as const,
  /** Every connection's list: `{ queryKey: private, predicate }` for invalidateQueries. */
  filter: {
    queryKey: ['exchange', 'private'] as const,
    predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[3] === 'unjournaled',
  },
};

/** Wording of the section that SPEC.md does not give. */
export const unjournaledTexts = {
  title: 'Unjournaled trades',
  intro:
    "Fills on your Hyperliquid account that no journal trade explains (e.g. orders placed in Hyperliquid's own app).",
  empty: 'No unjournaled trades: every fill is in your journal.',
  loadFailed: 'Failed to load unjournaled trades',
  importFailed: 'Failed to import the trade',
  attachFailed: 'Failed to attach the fills',
  dismissFailed: 'Failed to dismiss the trade',
  imported: 'Trade imported into your journal',
  attached: 'Fills attached: the journal trade is closed',
  dismissed: 'Trade dismissed',
  open: 'open',
} as const;

/**
 * GET /api/exchange/unjournaled: the server first reads the active connection's new fills,
 * so this is not polled; it refreshes on focus and after each action.
 */
export const unjournaledQueryOptions = (connectionId: string | null) =>
  queryOptions({
    queryKey: unjournaledKeys.list(connectionId),
    queryFn: async ({ signal }) =>
      (await apiRequest<UnjournaledResponse>('/exchange/unjournaled', { signal })).trips,
    staleTime: 30_000,
  });

export const importTrip = (body: ImportTripRequest) =>
  apiRequest<TradeWithStatsResponse>('/exchange/unjournaled/import', { method: 'POST', body });

export const attachTrip = (body: AttachTripRequest) =>
  apiRequest<TradeWithStatsResponse>('/exchange/unjournaled/attach', { method: 'POST', body });

export const dismissTrip = (tids: number[]) =>
  apiRequest<void>('/exchange/unjournaled/dismiss', { method: 'POST', body: { tids } });

/** A trip's time as epoch ms (the server may send ms or an ISO instant). */
export function tripTime(value: number | string | null): number | null {
  if (value === null) return null;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}
