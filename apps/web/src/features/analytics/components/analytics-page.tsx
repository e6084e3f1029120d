import { tradingDate } from '@tb/core';
import { Button, Page } from '@/components';
import { useTradingTimeZone } from '@/features/journal';
import { useNow } from '@/lib/use-now';
import { FiltersBar } from '../filters/filters-bar';
import { useFilters } from '../filters/use-filters';
import { useAnalytics } from '../hooks/use-analytics';
import { useAnalyticsExport } from '../hooks/use-analytics-export';
import { ScriptWinRatesCard } from '../sections/script-winrates-card';
import { AnalyticsReport } from './analytics-report';
import { AnalyticsError, AnalyticsLoading } from './analytics-states';
import { SampleLock } from './sample-lock';
import './analytics.css';

const NO_OPTIONS = { pairs: [], boards: [] };

/**
 * /analytics: what works for this trader. Premium traders get their report for the filters in
 * the URL; free traders the sample, locked.
 */
export function AnalyticsPage() {
  const { filters, change } = useFilters();
  const view = useAnalytics(filters);
  const timeZone = useTradingTimeZone();
  const today = tradingDate(useNow(), timeZone);
  const { exportCsv, exporting } = useAnalyticsExport(filters);

  const lead =
    'Does your discipline pay? Your trades by the cells you ticked, your tiers and your rules.';
  if (view.kind === 'loading') {
    return (
      <Page title="Analytics" lead={lead}>
        <AnalyticsLoading />
      </Page>
    );
  }
  if (view.kind === 'sample') {
    return (
      <Page title="Analytics" lead={lead}>
        <SampleLock report={view.report} timeZone={timeZone} today={today} />
      </Page>
    );
  }
  const report = view.kind === 'report' ? view.report : null;
  return (
    <Page title="Analytics" lead={lead}>
      <FiltersBar
        filters={filters}
        change={change}
        options={report?.options ?? NO_OPTIONS}
        timeZone={timeZone}
        actions={
          <Button
            variant="secondary"
            onClick={exportCsv}
            busy={exporting}
            disabled={!report || report.summary.trades + report.openTrades === 0}
          >
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        }
      />
      {view.kind === 'error' ? (
        <AnalyticsError error={view.error} retry={view.retry} retrying={view.retrying} />
      ) : (
        <AnalyticsReport
          report={view.report}
          filters={filters}
          change={change}
          today={today}
          updating={view.updating}
        />
      )}
      <ScriptWinRatesCard />
    </Page>
  );
}
