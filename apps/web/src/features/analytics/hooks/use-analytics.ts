import { useQuery } from '@tanstack/react-query';
import type { AnalyticsQuery, AnalyticsResponse } from '@tb/core';
import { useMemo } from 'react';
import { meQueryOptions } from '@/features/auth';
import { useJournalMode, useTradingTimeZone } from '@/features/journal';
import { isApiError } from '@/lib/api-error';
import { analyticsQueryOptions } from '../api';
import { sampleReport } from '../sample/sample-report';

/** What the page shows. */
export type AnalyticsView =
  | { kind: 'loading' }
  | { kind: 'error'; error: unknown; retry: () => void; retrying: boolean }
  /** Free trader (or the server said PREMIUM_REQUIRED): the sample report, locked. */
  | { kind: 'sample'; report: AnalyticsResponse }
  | { kind: 'report'; report: AnalyticsResponse; updating: boolean };

/**
 * The report for the filters. Only a premium trader asks GET /api/analytics; a free one gets
 * the sample report and never calls it (the server would refuse with 403 PREMIUM_REQUIRED,
 * which also ends here as the sample).
 */
export function useAnalytics(filters: AnalyticsQuery): AnalyticsView {
  const me = useQuery(meQueryOptions());
  const { isPremium } = useJournalMode();
  const timeZone = useTradingTimeZone();
  const report = useQuery({ ...analyticsQueryOptions(filters), enabled: isPremium });
  const refused =
    report.isError && isApiError(report.error) && report.error.code === 'PREMIUM_REQUIRED';
  const locked = !me.isPending && (!isPremium || refused);
  const sample = useMemo(() => (locked ? sampleReport(timeZone) : null), [locked, timeZone]);

  if (me.isPending) return { kind: 'loading' };
  if (me.isError && !me.data) {
    return {
      kind: 'error',
      error: me.error,
      retry: () => void me.refetch(),
      retrying: me.isFetching,
    };
  }
  if (sample) return { kind: 'sample', report: sample };
  if (report.isError) {
    return {
      kind: 'error',
      error: report.error,
      retry: () => void report.refetch(),
      retrying: report.isFetching,
    };
  }
  if (!report.data) return { kind: 'loading' };
  return { kind: 'report', report: report.data, updating: report.isPlaceholderData };
}
