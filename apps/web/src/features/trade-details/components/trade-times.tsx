import { formatDateTime, type Trade } from '@tb/core';

/**
 * When a trade was opened and, once closed, when it closed: '28 Nov 2026, 12:51' in the
 * trader's time zone, each in a `<time>` carrying the exact instant.
 */
export function TradeTimes({ trade, timeZone }: { trade: Trade; timeZone: string }) {
  const zone = { timeZone };
  return (
    <p className="trade-row__times">
      <span>
        Opened <time dateTime={trade.date}>{formatDateTime(trade.date, zone)}</time>
      </span>
      {trade.closedAt ? (
        <span>
          Closed <time dateTime={trade.closedAt}>{formatDateTime(trade.closedAt, zone)}</time>
        </span>
      ) : null}
    </p>
  );
}
