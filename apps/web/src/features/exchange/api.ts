import { queryOptions } from '@tanstack/react-query';
import type {
  ApiKeyListItem,
  ApiKeyListResponse,
  ApiKeyRequest,
  ApiKeyUpdateRequest,
  Balance,
  CloseAllResult,
  ConnectExchangeRequest,
  ConnectExchangeResponse,
  ExchangeListResponse,
  HistoryQuery,
  LeverageRequest,
  Market,
  OpenOrder,
  OrderHistoryRow,
  OrderRequest,
  PlacedOrder,
  Position,
  SymbolPrice,
  Ticker,
  TradeHistoryRow,
  UserSettings,
  UserSettingsRequest,
} from '@tb/core';
import { apiRequest } from '@/lib/api-client';
import { readCurrentExchange } from './exchange-state';

/** Query keys of everything exchange; `exchangeKeys.all` invalidates them all. */
export const exchangeKeys = {
  all: ['exchange'] as const,
  connections: ['exchange', 'connections'] as const,
  apiKeys: ['exchange', 'api-keys'] as const,
  account: (id: string | null) => ['exchange', 'private', id, 'account'] as const,
  positions: (id: string | null) => ['exchange', 'private', id, 'positions'] as const,
  orders: (id: string | null) => ['exchange', 'private', id, 'orders'] as const,
  myTrades: (id: string | null) => ['exchange', 'private', id, 'my-trades'] as const,
  orderHistory: (id: string | null) => ['exchange', 'private', id, 'order-history'] as const,
  private: ['exchange', 'private'] as const,
  markets: ['exchange', 'markets'] as const,
  tickers: ['exchange', 'tickers'] as const,
  price: (symbol: string) => ['exchange', 'price', symbol] as const,
  settings: ['exchange', 'settings'] as const,
};

/** SPEC.md section 8, word for word: shown when the server sends no message of its own. */
export const exchangeMessages = {
  fetchKeys: 'Failed to fetch API keys',
  saveKey: 'Failed to save API key',
  deleteKey: 'Failed to delete API key',
  saveConnection: 'Failed to save connection',
  deleteConnection: 'Failed to delete connection',
  keyAdded: 'API key added successfully',
  keyUpdated: 'API key updated successfully',
  keyDeleted: 'API key deleted successfully',
  connectFailed: 'Failed to connect to exchange',
  enableLiveFailed: 'Failed to enable live trading',
  saveLiveTrading: 'Failed to save the live trading switch',
  placeOrder: 'Failed to place order',
  orderPlaced: 'Order placed successfully',
  orderCancelled: 'Order cancelled successfully',
  fetchAccount: 'Failed to fetch account data',
  fetchPositions: 'Failed to fetch positions',
  fetchOrders: 'Failed to fetch open orders',
  fetchMarkets: 'Failed to fetch markets',
  fetchTrades: 'Failed to fetch trade history',
  fetchOrderHistory: 'Failed to fetch order history',
  priceFor: (symbol: string) => `Could not fetch price for ${symbol}`,
} as const;

/** The `{ success, data }` answer of exchange routes. */
export interface Envelope<T> {
  success: true;
  data: T;
  message?: string;
}

/** `?connectionId=` of the connection the user picked (SPEC.md's currentExchange), if any. */
function withConnection(path: string, extra: Record<string, string | number | undefined> = {}) {
  const params = new URLSearchParams();
  const id = readCurrentExchange();
  if (id) params.set('connectionId', id);
  for (const [key, value] of Object.entries(extra)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

async function getData<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await apiRequest<Envelope<T>>(path, { signal })).data;
}

// ---- connections and keys ----

export const connectionsQueryOptions = () =>
  queryOptions({
    queryKey: exchangeKeys.connections,
    queryFn: async ({ signal }) =>
      (await apiRequest<ExchangeListResponse | undefined>('/users/exchanges', { signal }))
        ?.exchanges ?? [],
    staleTime: 60_000,
  });

export const connectExchange = (body: ConnectExchangeRequest) =>
  apiRequest<ConnectExchangeResponse>('/users/exchanges', { method: 'POST', body });

export const disconnectExchange = (id: string) =>
  apiRequest<{ success: true }>(`/users/exchanges/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: exchangeKeys.apiKeys,
    queryFn: async ({ signal }) =>
      (await apiRequest<ApiKeyListResponse>('/api-keys', { signal })).data,
    meta: { errorMessage: exchangeMessages.fetchKeys },
  });

export const createApiKey = (body: ApiKeyRequest) =>
  apiRequest<Envelope<ApiKeyListItem>>('/api-keys', { method: 'POST', body });

export const updateApiKey = (id: string, body: ApiKeyUpdateRequest) =>
  apiRequest<Envelope<ApiKeyListItem>>(`/api-keys/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { ...body, id },
  });

export const deleteApiKey = (id: string) =>
  apiRequest<{ success: true; message: string }>(`/api-keys/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

// ---- the user's live-trading switch, kept on the server ----

export const userSettingsQueryOptions = () =>
  queryOptions({
    queryKey: exchangeKeys.settings,
    queryFn: ({ signal }) => apiRequest<UserSettings>('/users/settings', { signal }),
    staleTime: 60_000,
    // Another browser may have changed it: coming back to this one reads it again.
    refetchOnWindowFocus: true,
  });

export const saveUserSettings = (body: UserSettingsRequest) =>
  apiRequest<UserSettings>('/users/settings', { method: 'PUT', body });

// ---- the connected account (private) ----

/** Polling interval of account data on screens that show it live. */
export const ACCOUNT_POLL_MS = 5_000;

export const accountQueryOptions = (connectionId: string | null) =>
  queryOptions({
    queryKey: exchangeKeys.account(connectionId),
    queryFn: ({ signal }) => getData<Balance>(withConnection('/exchange/account'), signal),
    staleTime: 2_000,
  });

export const positionsQueryOptions = (connectionId: string | null) =>
  queryOptions({
    queryKey: exchangeKeys.positions(connectionId),
    queryFn: ({ signal }) => getData<Position[]>(withConnection('/exchange/positions'), signal),
    staleTime: 2_000,
  });

export const openOrdersQueryOptions = (connectionId: string | null) =>
  queryOptions({
    queryKey: exchangeKeys.orders(connectionId),
    queryFn: ({ signal }) => getData<OpenOrder[]>(withConnection('/exchange/orders'), signal),
    staleTime: 2_000,
  });

export const myTradesQueryOptions = (
  connectionId: string | null,
  query: Partial<HistoryQuery> = {},
) =>
  queryOptions({
    queryKey: [...exchangeKeys.myTrades(connectionId), query],
    queryFn: ({ signal }) =>
      getData<TradeHistoryRow[]>(withConnection('/exchange/myTrades', query), signal),
  });

export const orderHistoryQueryOptions = (
  connectionId: string | null,
  query: Partial<HistoryQuery> = {},
) =>
  queryOptions({
    queryKey: [...exchangeKeys.orderHistory(connectionId), query],
    queryFn: ({ signal }) =>
      getData<OrderHistoryRow[]>(withConnection('/exchange/orders/history', query), signal),
  });

export const placeOrder = (order: OrderRequest) =>
  apiRequest<Envelope<PlacedOrder>>(withConnection('/exchange/order'), {
    method: 'POST',
    body: order,
  });

export const cancelOrder = (orderId: string, assetId: number) =>
  apiRequest<Envelope<{ id: string }>>(
    withConnection(`/exchange/order/${encodeURIComponent(orderId)}`, { assetId }),
    { method: 'DELETE' },
  );

export const setLeverage = (body: LeverageRequest) =>
  apiRequest<Envelope<LeverageRequest>>(withConnection('/exchange/leverage'), {
    method: 'POST',
    body,
  });

export const closeAllPositions = () =>
  apiRequest<Envelope<CloseAllResult>>(withConnection('/exchange/positions/close-all'), {
    method: 'POST',
  });

/**
 * POST /api/exchange/positions/:symbol/close: one whole position, reduce-only at the market's
 * own size precision (a 0.0005 BTC position closes although the order form's step is 0.001).
 */
export const closePosition = (symbol: string) =>
  apiRequest<Envelope<CloseAllResult>>(
    withConnection(`/exchange/positions/${encodeURIComponent(symbol)}/close`),
    { method: 'POST' },
  );

// ---- public market data ----

export const marketsQueryOptions = () =>
  queryOptions({
    queryKey: exchangeKeys.markets,
    queryFn: ({ signal }) => getData<Market[]>('/exchange/markets', signal),
    staleTime: 5 * 60_000,
  });

export const tickersQueryOptions = () =>
  queryOptions({
    queryKey: exchangeKeys.tickers,
    queryFn: ({ signal }) => getData<Ticker[]>('/exchange/tickers', signal),
    staleTime: 1_000,
  });

export const priceQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: exchangeKeys.price(symbol),
    queryFn: ({ signal }) =>
      getData<SymbolPrice>(`/exchange/price/${encodeURIComponent(symbol)}`, signal),
    staleTime: 1_000,
  });
