/**
 * The one date-time format of the product: '28 Nov 2026, 12:51' in the trader's time zone,
 * day-month-year with a month name (no 11/28 vs 28/11 ambiguity) and a 24-hour clock. A time
 * shown in another zone than the reader's carries that zone: '28 Nov 2026, 12:43 UTC'.
 *
 * Built from numeric parts and a fixed month list, so every runtime (browser, server, test)
 * writes the same text whatever its locale or ICU version ('Sep', never 'Sept').
 */
import { localClock } from '../analytics/local-time.js';
import { DEFAULT_TIME_ZONE } from '../risk/trading-day.js';

/** An instant: epoch milliseconds, an ISO string or a Date. */
export type Instant = number | string | Date;

/** Which zone to write a time in, and whose zone the reader lives in. */
export interface ZoneChoice {
  /** IANA zone the time is written in; defaults to `readerTimeZone`, then UTC. */
  timeZone?: string;
  /**
   * The reader's (trader's) zone. When the time is written in another zone, the zone's name
   * follows it. Defaults to `timeZone`: the time is the reader's and needs no label.
   */
  readerTimeZone?: string;
  /**
   * Always name the zone: a screen whose times are in a fixed zone by design (the admin panel
   * works in UTC, the day its set-date takes), whoever reads it.
   */
  showZone?: boolean;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const zoneNameFormatters = new Map<string, Intl.DateTimeFormat>();

/** Epoch ms of an instant, or null when it is missing or not a time. */
export function instantMs(at: Instant | null | undefined): number | null {
  if (at === null || at === undefined) return null;
  const ms = typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();
  return Number.isFinite(ms) ? ms : null;
}

interface WallClock {
  day: number;
  month: string;
  year: number;
  time: string;
}

/** The zone's wall clock at an instant, from the shared converter (analytics/local-time). */
function wallClock(ms: number, timeZone: string): WallClock {
  const { date, hour, minute } = localClock(timeZone)(ms);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { day, month: MONTHS[month - 1] ?? '', year, time: `${hour}:${minute}` };
}

/** A zone as a reader knows it: 'UTC', 'CET', 'GMT-5'. */
export function timeZoneLabel(timeZone: string, at: number): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  let formatter = zoneNameFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' });
    zoneNameFormatters.set(timeZone, formatter);
  }
  return (
    formatter.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

function resolve(zone: ZoneChoice): { timeZone: string; label: boolean } {
  const timeZone = zone.timeZone ?? zone.readerTimeZone ?? DEFAULT_TIME_ZONE;
  const reader = zone.readerTimeZone ?? timeZone;
  return { timeZone, label: zone.showZone === true || reader !== timeZone };
}

const withZone = (text: string, ms: number, timeZone: string, label: boolean) =>
  label ? `${text} ${timeZoneLabel(timeZone, ms)}` : text;

/**
 * An instant as date and time: '28 Nov 2026, 12:51', or '28 Nov 2026, 12:43 UTC' when written
 * in a zone that is not the reader's. `fallback` ('—' unless given) for a missing or
 * unreadable instant.
 *
 * @throws RangeError for an unknown time zone (validate zones first: isValidTimeZone).
 */
export function formatDateTime(
  at: Instant | null | undefined,
  zone: ZoneChoice = {},
  fallback = '—',
): string {
  const ms = instantMs(at);
  if (ms === null) return fallback;
  const { timeZone, label } = resolve(zone);
  const c = wallClock(ms, timeZone);
  return withZone(`${c.day} ${c.month} ${c.year}, ${c.time}`, ms, timeZone, label);
}

/** The calendar day of an instant in the zone: '28 Nov 2026'; `fallback` when not a time. */
export function formatDate(
  at: Instant | null | undefined,
  zone: ZoneChoice = {},
  fallback = '—',
): string {
  const ms = instantMs(at);
  if (ms === null) return fallback;
  const c = wallClock(ms, resolve(zone).timeZone);
  return `${c.day} ${c.month} ${c.year}`;
}

/** The time of day of an instant: '12:51' (24-hour), '12:43 UTC' in another zone. */
export function formatTime(
  at: Instant | null | undefined,
  zone: ZoneChoice = {},
  fallback = '—',
): string {
  const ms = instantMs(at);
  if (ms === null) return fallback;
  const { timeZone, label } = resolve(zone);
  return withZone(wallClock(ms, timeZone).time, ms, timeZone, label);
}

/**
 * A calendar date 'YYYY-MM-DD' (a trading day, a plan's end date: no time of day) as
 * '28 Nov 2026'; `fallback` when it is not such a date.
 */
export function formatCalendarDate(date: string | null | undefined, fallback = '—'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  if (!match) return fallback;
  const month = MONTHS[Number(match[2]) - 1];
  const day = Number(match[3]);
  return month && day >= 1 && day <= 31 ? `${day} ${month} ${match[1]}` : fallback;
}
