import type { AnalyticsQuery, AnalyticsResponse } from '@tb/core';
import { EquityChart } from '../charts/equity-chart';
import { GroupChart } from '../charts/group-chart';
import { PlCalendar } from '../charts/pl-calendar';
import { RDistributionChart } from '../charts/r-distribution-chart';
import { monthOf } from '../charts/calendar-month';

const hourLabel = (hour: string) => `${hour}:00`;
const sideLabel = (side: string) => (side === 'long' ? 'Long' : side === 'short' ? 'Short' : side);

export interface ChartsSectionProps {
  report: AnalyticsResponse;
  filters: AnalyticsQuery;
  /** 'YYYY-MM-DD' today on the trader's calendar (the calendar's month without trades). */
  today: string;
  readOnly?: boolean;
}

/** Equity, R distribution, P/L calendar and the breakdowns, each with its table. */
export function ChartsSection({ report, filters, today, readOnly }: ChartsSectionProps) {
  const lastDay = report.calendar[report.calendar.length - 1]?.date;
  const initialMonth = monthOf(lastDay ?? filters.to ?? today);
  return (
    <section className="an-section" aria-labelledby="an-charts-title">
      <h2 id="an-charts-title" className="an-section__title">
        Charts
      </h2>
      <div className="an-grid">
        <EquityChart report={report} />
        <RDistributionChart buckets={report.rDistribution} />
        <PlCalendar
          // A new range starts again at its latest month.
          key={initialMonth}
          days={report.calendar}
          filters={filters}
          timeZone={report.timeZone}
          initialMonth={initialMonth}
          readOnly={readOnly}
        />
        <GroupChart
          title="By weekday of entry"
          groupLabel="Weekday"
          noun="day"
          rows={report.byWeekday}
        />
        <GroupChart
          title="By hour of entry"
          groupLabel="Hour"
          noun="hour"
          rows={report.byHour}
          labelOf={hourLabel}
        />
        <GroupChart title="By pair" groupLabel="Pair" noun="pair" rows={report.byPair} />
        <GroupChart
          title="Long vs short"
          groupLabel="Side"
          noun="side"
          rows={report.bySide}
          labelOf={sideLabel}
        />
      </div>
    </section>
  );
}
