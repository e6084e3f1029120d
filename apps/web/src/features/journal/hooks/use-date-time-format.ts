import { formatDate, formatDateTime, formatTime, type Instant } from '@tb/core';
import { useMemo } from 'react';
import { useTradingTimeZone } from './use-trading-time-zone';

type At = Instant | null | undefined;

/** The product's date-time format (core formatDateTime), bound to the trader's time zone. */
export interface DateTimeFormat {
  timeZone: string;
  /** '28 Nov 2026, 12:51'. */
  dateTime: (at: At, fallback?: string) => string;
  /** '28 Nov 2026'. */
  date: (at: At, fallback?: string) => string;
  /** '12:51'. */
  time: (at: At, fallback?: string) => string;
}

/**
 * How every screen writes a date or a time: in the trader's zone (the signed-in user's saved
 * zone, the browser's for a visitor), one format everywhere.
 */
export function useDateTimeFormat(): DateTimeFormat {
  const timeZone = useTradingTimeZone();
  return useMemo(() => {
    const zone = { timeZone };
    return {
      timeZone,
      dateTime: (at, fallback) => formatDateTime(at, zone, fallback),
      date: (at, fallback) => formatDate(at, zone, fallback),
      time: (at, fallback) => formatTime(at, zone, fallback),
    };
  }, [timeZone]);
}
