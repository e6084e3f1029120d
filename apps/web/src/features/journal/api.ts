import { queryOptions } from '@tanstack/react-query';
import type {
  ExitRequest,
  BingoCardResponse,
  BingoState,
  CellPatch,
  CreateTradeRequest,
  ImportTradesRequest,
  MoveStopRequest,
  RiskSettingsRequest,
  RiskState,
  Trade,
  TradeResponse,
  TradeWithStatsResponse,
  UpdateTradeRequest,
} from '@tb/core';
import { apiDownload, apiRequest } from '@/lib/api-client';

/** Query keys of the signed-in journal. */
export const journalKeys = {
  all: ['journal'] as const,
  bingo: ['journal', 'bingo'] as const,
  trades: ['journal', 'trades'] as const,
  risk: ['journal', 'risk'] as const,
};

/** SPEC.md section 8 fallbacks when the server sends no message. */
export const journalMessages = {
  loadBingo: 'Failed to load bingo card',
  saveBingo: 'Failed to save bingo card',
  loadTrades: 'Failed to load trades',
  saveTrade: 'Failed to save trade',
  undoExit: 'Failed to undo the exit',
  noTradeData: 'No trade data received from server',
  loadRisk: 'Failed to load risk settings',
  resetSl: 'Failed to reset the stoploss counter',
  saveSettings: 'Failed to save account settings',
  exportTrades: 'Failed to export the trade journal',
} as const;

export async function fetchBingo(signal?: AbortSignal): Promise<BingoState> {
  const res = await apiRequest<BingoCardResponse>('/bingo/card', { signal });
  return res.data;
}

/** GET /api/bingo/card. */
export const bingoQueryOptions = () =>
  queryOptions({
    queryKey: journalKeys.bingo,
    queryFn: ({ signal }) => fetchBingo(signal),
    staleTime: Infinity,
    meta: { errorMessage: journalMessages.loadBingo },
  });

/** POST /api/bingo/card: the whole state, `version` = the revision the edit started from. */
export async function saveBingo(state: BingoState): Promise<BingoState> {
  const res = await apiRequest<BingoCardResponse>('/bingo/card', { method: 'POST', body: state });
  return res.data;
}

/** PATCH /api/bingo/card/cell/:index: merges with anything, no version check. */
export async function patchCell(
  index: number,
  cell: CellPatch,
  boardId: string,
): Promise<BingoState> {
  const res = await apiRequest<BingoCardResponse>(`/bingo/card/cell/${index}`, {
    method: 'PATCH',
    body: { cell, boardId },
  });
  return res.data;
}

/**
 * How often the trades and the risk state are read again while a placed bracket is working
 * (DESIGN.md section 9): a fill closes the trade on the server within seconds.
 */
export const LIVE_REFRESH_MS = 2_000;

/**
 * The OPEN trades whose bracket is working on the exchange (entry resting, or position open),
 * as 'id:execution' joined by ','; '' when there are none. Changes whenever one fills or
 * closes. A trade closed here by hand is left out: the server no longer follows its orders.
 */
export function workingLiveTrades(trades: readonly Trade[] | undefined): string {
  return (trades ?? [])
    .filter((t) => t.status === 'OPEN' && t.live && t.live.execution !== 'closed')
    .map((t) => `${t.id}:${t.live?.execution}`)
    .join(',');
}

/** GET /api/trades: OPEN first, then newest first. */
export const tradesQueryOptions = () =>
  queryOptions({
    queryKey: journalKeys.trades,
    queryFn: ({ signal }) => apiRequest<Trade[]>('/trades', { signal }),
    staleTime: 30_000,
    meta: { errorMessage: journalMessages.loadTrades },
  });

/** POST /api/trades; `idempotencyKey` (one per click) makes a retry answer the first result. */
export function createTrade(body: CreateTradeRequest, idempotencyKey?: string): Promise<Trade> {
  return apiRequest<Trade>('/trades', {
    method: 'POST',
    body,
    ...(idempotencyKey && { idempotencyKey }),
  });
}

/** POST /api/trades/import: the browser's journal, kept as it was (imported, unverified). */
export function importTrades(body: ImportTradesRequest): Promise<Trade[]> {
  return apiRequest<Trade[]>('/trades/import', { method: 'POST', body });
}

export function updateTrade(id: string, body: UpdateTradeRequest): Promise<TradeWithStatsResponse> {
  return apiRequest<TradeWithStatsResponse>(`/trades/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
}

/** POST /api/trades/:id/exits: an exit at a typed price, all that is open or a part. */
export function exitTrade(id: string, exit: ExitRequest): Promise<TradeWithStatsResponse> {
  return apiRequest<TradeWithStatsResponse>(`/trades/${encodeURIComponent(id)}/exits`, {
    method: 'POST',
    body: exit,
  });
}

/**
 * POST /api/trades/:id/undo-exit: takes back the trade's latest exit by hand (the one that left
 * it `exitCount` exits) within 10 seconds; 409 with the reason when it cannot.
 */
export function undoExit(id: string, exitCount: number): Promise<TradeWithStatsResponse> {
  return apiRequest<TradeWithStatsResponse>(`/trades/${encodeURIComponent(id)}/undo-exit`, {
    method: 'POST',
    body: { exitCount },
  });
}

export function deleteTrade(id: string): Promise<void> {
  return apiRequest<void>(`/trades/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** POST /api/trades/:id/hide: off the list; statistics and the verified record keep it. */
export function hideTrade(id: string): Promise<void> {
  return apiRequest<void>(`/trades/${encodeURIComponent(id)}/hide`, { method: 'POST' });
}

/** GET /api/trades/export.csv: every trade of the signed-in user, as a CSV file. */
export function downloadTradesCsv(): Promise<Blob> {
  return apiDownload('/trades/export.csv');
}

/**
 * POST /api/trades/:id/cancel-entry: cancels a resting bracket (entry, take profit and stop);
 * the journal trade is deleted (204). 409 when the entry filled meanwhile.
 */
export function cancelTradeEntry(id: string, idempotencyKey: string): Promise<void> {
  return apiRequest<void>(`/trades/${encodeURIComponent(id)}/cancel-entry`, {
    method: 'POST',
    idempotencyKey,
  });
}

/** POST /api/trades/:id/stop: moves the exchange stop of an open bracket (toward profit only). */
export async function moveTradeStop(
  id: string,
  stopLoss: number,
  idempotencyKey: string,
): Promise<Trade> {
  const body: MoveStopRequest = { stopLoss };
  const res = await apiRequest<TradeResponse>(`/trades/${encodeURIComponent(id)}/stop`, {
    method: 'POST',
    body,
    idempotencyKey,
  });
  return res.trade;
}

/** POST /api/trades/:id/close-market: closes an open bracket's position with a market order. */
export function closeTradeAtMarket(
  id: string,
  idempotencyKey: string,
): Promise<TradeWithStatsResponse> {
  return apiRequest<TradeWithStatsResponse>(`/trades/${encodeURIComponent(id)}/close-market`, {
    method: 'POST',
    idempotencyKey,
  });
}

export function clearTradeHistoryRequest(): Promise<Trade[]> {
  return apiRequest<Trade[]>('/trades/clear-history', { method: 'POST' });
}

/** GET /api/risk-management. */
export const riskQueryOptions = () =>
  queryOptions({
    queryKey: journalKeys.risk,
    queryFn: ({ signal }) => apiRequest<RiskState>('/risk-management', { signal }),
    staleTime: 30_000,
    meta: { errorMessage: journalMessages.loadRisk },
  });

export function resetStoplossRequest(): Promise<RiskState> {
  return apiRequest<RiskState>('/risk-management/reset-sl', { method: 'POST' });
}

export function riskSettingsRequest(body: RiskSettingsRequest): Promise<RiskState> {
  return apiRequest<RiskState>('/risk-management/settings', { method: 'POST', body });
}
