import type { AnalyticsResponse } from '@tb/core';

export type CalendarDay = AnalyticsResponse['calendar'][number];

/** 'YYYY-MM' of a 'YYYY-MM-DD' date. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** The month `delta` months after 'YYYY-MM'. */
export function shiftMonth(month: string, delta: number): string {
  const [year = 1970, m = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m - 1 + delta, 1)).toISOString().slice(0, 7);
}

/** 'November 2026'. */
export function monthName(month: string): string {
  const [year = 1970, m = 1] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(year, m - 1, 1));
}

/** '3 November 2026' of a 'YYYY-MM-DD' date. */
export function dayName(date: string): string {
  const [year = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(year, m - 1, d));
}

/**
 * The weeks of a month, Monday first: each week 7 slots, a 'YYYY-MM-DD' date or null for the
 * days of the months before and after.
 */
export function monthWeeks(month: string): (string | null)[][] {
  const [year = 1970, m = 1] = month.split('-').map(Number);
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(year, m - 1, 1)).getUTCDay() + 6) % 7;
  const slots: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= days; d++) slots.push(`${month}-${String(d).padStart(2, '0')}`);
  while (slots.length % 7 !== 0) slots.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < slots.length; i += 7) weeks.push(slots.slice(i, i + 7));
  return weeks;
}

/**
 * How strongly a day is coloured, 1 to 4, by its P/L against the month's largest absolute
 * day P/L; 0 for a flat day.
 */
export function intensity(pnlUsd: number, largestUsd: number): number {
  if (pnlUsd === 0 || largestUsd === 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((Math.abs(pnlUsd) / largestUsd) * 4)));
}
