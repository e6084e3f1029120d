import { useQuery } from '@tanstack/react-query';
import { formatTime, type AnalyticsQuery, type Trade } from '@tb/core';
import { QueryStatus } from '@/components';
import { analyticsMessages, analyticsTradesQueryOptions } from '../api';
import { showR, showUsd, toneOf } from '../format';
import { dayName } from './calendar-month';

/** What the day's list shows of a trade. */
export type DayTrade = Pick<Trade, 'id' | 'pair' | 'isLong' | 'rMultiple' | 'pnlUsd' | 'closedAt'>;

export interface DayTradesProps {
  day: string;
  filters: AnalyticsQuery;
  timeZone: string;
}

/** The trades closed on a calendar day, with the page's other filters (from = to = day). */
export function DayTrades({ day, filters, timeZone }: DayTradesProps) {
  const query = useQuery(analyticsTradesQueryOptions({ ...filters, from: day, to: day }));
  const heading = `Trades closed on ${dayName(day)}`;
  return (
    <section className="an-day-trades" aria-label={heading} aria-live="polite">
      <h4 className="an-day-trades__title">{heading}</h4>
      <QueryStatus
        query={query}
        loading="Loading the day's trades..."
        error={analyticsMessages.loadTrades}
      >
        {(trades) => (
          <DayTradesTable
            trades={trades.filter((trade) => trade.closedAt !== null)}
            caption={heading}
            timeZone={timeZone}
          />
        )}
      </QueryStatus>
    </section>
  );
}

export function DayTradesTable({
  trades,
  caption,
  timeZone,
}: {
  trades: readonly DayTrade[];
  caption: string;
  timeZone: string;
}) {
  if (trades.length === 0) return <p className="an-muted">No closed trades that day.</p>;
  return (
    <div className="table-scroll">
      <table className="data-table data-table--nowrap">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Pair</th>
            <th scope="col">Side</th>
            <th scope="col">Closed</th>
            <th scope="col" className="num">
              R
            </th>
            <th scope="col" className="num">
              P/L
            </th>
          </tr>
        </thead>
        <tbody>
          {trades.map((trade) => (
            <tr key={trade.id}>
              <th scope="row">{trade.pair}</th>
              <td className={trade.isLong ? 'an-tone--gain' : 'an-tone--loss'}>
                {trade.isLong ? 'Long' : 'Short'}
              </td>
              <td>{formatTime(trade.closedAt, { timeZone })}</td>
              <td className={`num an-tone--${toneOf(trade.rMultiple) ?? 'none'}`}>
                {showR(trade.rMultiple)}
              </td>
              <td className={`num an-tone--${toneOf(trade.pnlUsd) ?? 'none'}`}>
                {showUsd(trade.pnlUsd)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
