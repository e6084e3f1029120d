import type { AnalyticsQuery } from '@tb/core';
import { formatUsd } from '@/lib/format';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { showR, showUsd, toneOf, tradeCount } from '../format';
import {
  dayName,
  intensity,
  monthName,
  monthOf,
  monthWeeks,
  shiftMonth,
  type CalendarDay,
} from './calendar-month';
import { DayTrades } from './day-trades';
import './charts.css';

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

export interface PlCalendarProps {
  days: readonly CalendarDay[];
  filters: AnalyticsQuery;
  timeZone: string;
  /** The month shown first ('YYYY-MM'): the latest day with trades, else this month. */
  initialMonth: string;
  /** The sample behind the lock: days are not buttons and ask the server nothing. */
  readOnly?: boolean;
}

/**
 * A day's P/L in the room a calendar cell has: whole dollars with a sign ('+$80', '-$1,250');
 * the exact amount is in the day's name and its list of trades.
 */
export function dayAmount(pnlUsd: number): string {
  const whole = Math.round(pnlUsd);
  return whole > 0 ? `+${formatUsd(whole)}` : formatUsd(whole);
}

/** "November 2026: 12 trading days (8 green, 4 red), +$840.00, +9.50R." */
export function monthSummary(month: string, days: readonly CalendarDay[]): string {
  const inMonth = days.filter((day) => monthOf(day.date) === month);
  if (inMonth.length === 0) return `${monthName(month)}: no closed trades.`;
  const green = inMonth.filter((d) => d.pnlUsd > 0).length;
  const red = inMonth.filter((d) => d.pnlUsd < 0).length;
  const usd = inMonth.reduce((sum, d) => sum + d.pnlUsd, 0);
  const r = inMonth.reduce((sum, d) => sum + d.r, 0);
  const count = inMonth.length === 1 ? '1 trading day' : `${inMonth.length} trading days`;
  return `${monthName(month)}: ${count} (${green} green, ${red} red), ${showUsd(usd)}, ${showR(r)}.`;
}

/**
 * Daily P/L on the trader's calendar, a month at a time, each day coloured by its P/L (green
 * or red, stronger for larger days). A day with trades is a button: it lists that day's trades.
 */
export function PlCalendar({ days, filters, timeZone, initialMonth, readOnly }: PlCalendarProps) {
  const [month, setMonth] = useState(initialMonth);
  const [selected, setSelected] = useState<string | null>(null);
  const byDate = useMemo(() => new Map(days.map((day) => [day.date, day])), [days]);
  const largest = days
    .filter((day) => monthOf(day.date) === month)
    .reduce((max, day) => Math.max(max, Math.abs(day.pnlUsd)), 0);

  return (
    <section className="an-card an-calendar" aria-labelledby="an-calendar-title">
      <div className="an-card__bar">
        <h3 id="an-calendar-title" className="an-card__title">
          P/L calendar
        </h3>
        <div className="an-calendar__nav">
          <button
            type="button"
            className="an-icon-button"
            aria-label="Previous month"
            onClick={() => setMonth((m) => shiftMonth(m, -1))}
          >
            <ChevronLeft size={18} aria-hidden="true" />
          </button>
          <span className="an-calendar__month" aria-live="polite">
            {monthName(month)}
          </span>
          <button
            type="button"
            className="an-icon-button"
            aria-label="Next month"
            onClick={() => setMonth((m) => shiftMonth(m, 1))}
          >
            <ChevronRight size={18} aria-hidden="true" />
          </button>
        </div>
      </div>
      <p className="an-chart__summary">{monthSummary(month, days)}</p>
      <table className="an-calendar__grid">
        <caption className="visually-hidden">P/L calendar, {monthName(month)}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, w) => (
            <tr key={w}>
              {week.map((date, i) => {
                if (date === null) return <td key={i} className="an-day an-day--outside" />;
                const day = byDate.get(date);
                const number = Number(date.slice(8));
                if (!day) {
                  return (
                    <td key={date} className="an-day">
                      <span className="an-day__number">{number}</span>
                    </td>
                  );
                }
                const tone = toneOf(day.pnlUsd) ?? 'flat';
                const level = intensity(day.pnlUsd, largest);
                // Starts with what the cell shows (label in name), then the exact figures.
                const label = `${number} ${dayAmount(day.pnlUsd)}, ${dayName(date)}: ${tradeCount(day.trades)}, ${showUsd(day.pnlUsd)}, ${showR(day.r)}`;
                const content = (
                  <>
                    <span className="an-day__number">{number}</span>
                    <span className="an-day__pnl">{dayAmount(day.pnlUsd)}</span>
                  </>
                );
                return (
                  <td key={date} className={`an-day an-day--${tone} an-day--level-${level}`}>
                    {readOnly ? (
                      <span className="an-day__fill" title={label}>
                        {content}
                      </span>
                    ) : (
                      <button
                        type="button"
                        className="an-day__fill"
                        aria-label={label}
                        aria-pressed={selected === date}
                        onClick={() => setSelected((current) => (current === date ? null : date))}
                      >
                        {content}
                      </button>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {selected && !readOnly ? (
        <DayTrades day={selected} filters={filters} timeZone={timeZone} />
      ) : null}
    </section>
  );
}
