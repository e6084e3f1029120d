import { useMutation } from '@tanstack/react-query';
import type { AnalyticsQuery } from '@tb/core';
import { saveFile } from '@/lib/save-file';
import { analyticsMessages, downloadAnalyticsCsv } from '../api';

/**
 * 'trading-bingo-analytics-2026-11-01-2026-11-20.csv' ('all' for an open end): the name the
 * server gives the same file.
 */
export function analyticsCsvFileName(filters: Pick<AnalyticsQuery, 'from' | 'to'>): string {
  return `trading-bingo-analytics-${filters.from ?? 'all'}-${filters.to ?? 'all'}.csv`;
}

/**
 * "Export CSV": the filtered trades with their R and USD P/L from the server. A failure is
 * told by the query client's one error handler.
 */
export function useAnalyticsExport(filters: AnalyticsQuery): {
  exportCsv: () => void;
  exporting: boolean;
} {
  const mutation = useMutation({
    mutationFn: async () => {
      saveFile(await downloadAnalyticsCsv(filters), analyticsCsvFileName(filters));
    },
    meta: { errorMessage: analyticsMessages.export },
  });
  return { exportCsv: () => mutation.mutate(), exporting: mutation.isPending };
}
