import type { AnalyticsQuery, AnalyticsResponse } from '@tb/core';
import type { ReactNode } from 'react';
import { ChartsSection } from '../sections/charts-section';
import { DisciplineSection } from '../sections/discipline-section';
import { ExcursionsSection } from '../sections/excursions-section';
import { KeyFigures } from '../sections/key-figures';
import { AnalyticsEmpty } from './analytics-states';
import type { FilterKey } from '../filters/filters';

export interface AnalyticsReportProps {
  report: AnalyticsResponse;
  filters: AnalyticsQuery;
  change: (changes: Partial<Record<FilterKey, string | number | undefined>>) => void;
  today: string;
  /** Newer filters are loading: the report shown is the previous one, dimmed. */
  updating?: boolean;
  /** The sample behind the lock: nothing in it asks the server. */
  readOnly?: boolean;
}

/**
 * The report under the filters: discipline first, then the key figures, the excursions (MFE /
 * MAE), then the charts.
 */
export function AnalyticsReport({
  report,
  filters,
  change,
  today,
  updating = false,
  readOnly,
}: AnalyticsReportProps) {
  let body: ReactNode;
  if (report.summary.trades === 0) {
    const dated = filters.from !== undefined || filters.to !== undefined;
    const { from: _from, to: _to, ...others } = filters;
    body = (
      <AnalyticsEmpty
        dated={dated}
        filtered={Object.values(others).some((value) => value !== undefined)}
        openTrades={report.openTrades}
        showAllTime={() => change({ from: undefined, to: undefined })}
        clearFilters={() =>
          change({
            pair: undefined,
            side: undefined,
            board: undefined,
            tier: undefined,
            source: undefined,
          })
        }
      />
    );
  } else {
    body = (
      <>
        <DisciplineSection report={report} />
        <KeyFigures
          summary={report.summary}
          openTrades={report.openTrades}
          offPlan={report.offPlan}
        />
        <ExcursionsSection excursions={report.excursions} />
        <ChartsSection report={report} filters={filters} today={today} readOnly={readOnly} />
      </>
    );
  }
  return (
    <div className={updating ? 'an-report an-report--updating' : 'an-report'} aria-busy={updating}>
      {body}
    </div>
  );
}
