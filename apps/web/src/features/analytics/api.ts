import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AnalyticsQuery,
  AnalyticsResponse,
  ScriptCellWinRatesResponse,
  TradeListResponse,
} from '@tb/core';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { filtersQueryString } from './filters/filters';

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (filters: AnalyticsQuery) => ['analytics', 'report', filters] as const,
  trades: (filters: AnalyticsQuery) => ['analytics', 'trades', filters] as const,
  scriptCells: ['analytics', 'script-cells'] as const,
};

export const analyticsMessages = {
  load: 'Failed to load analytics',
  loadTrades: "Failed to load the day's trades",
  export: 'Failed to export the trades',
  scriptCells: "Failed to load the script cells' win rates",
} as const;

/**
 * GET /api/analytics with the page's filters. While other filters load, the previous report
 * stays on screen (placeholder), dimmed, so the page does not flash.
 */
export const analyticsQueryOptions = (filters: AnalyticsQuery) =>
  queryOptions({
    queryKey: analyticsKeys.report(filters),
    queryFn: ({ signal }) =>
      apiRequest<AnalyticsResponse>(`/analytics${filtersQueryString(filters)}`, { signal }),
    placeholderData: keepPreviousData,
    // Fetched again each time the page opens: a trade closed a moment ago on /bingo, or a new
    // time zone, shows at once (the server keeps the rows, so asking again is cheap).
    staleTime: 0,
  });

/** GET /api/analytics/trades: the trades the filters keep (a calendar day: from = to). */
export const analyticsTradesQueryOptions = (filters: AnalyticsQuery) =>
  queryOptions({
    queryKey: analyticsKeys.trades(filters),
    queryFn: ({ signal }) =>
      apiRequest<TradeListResponse>(`/analytics/trades${filtersQueryString(filters)}`, {
        signal,
      }),
    staleTime: 0,
  });

/** GET /api/analytics/export.csv: the filtered trades with their R and USD P/L. */
export function downloadAnalyticsCsv(filters: AnalyticsQuery): Promise<Blob> {
  return apiDownload(`/analytics/export.csv${filtersQueryString(filters)}`);
}

/**
 * GET /api/analytics/script-cells: each script cell's win rate across every trader's verified
 * trades (annual plan). The server counts it once a minute; asking more often gains nothing.
 */
export const scriptWinRatesQueryOptions = () =>
  queryOptions({
    queryKey: analyticsKeys.scriptCells,
    queryFn: ({ signal }) =>
      apiRequest<ScriptCellWinRatesResponse>('/analytics/script-cells', { signal }),
    staleTime: 60_000,
  });
