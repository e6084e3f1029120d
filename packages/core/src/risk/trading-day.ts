/** The trading day boundary used when a user has not chosen a time zone (DESIGN.md). */
export const DEFAULT_TIME_ZONE = 'UTC';

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
const clockFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA zone name this runtime knows ('Europe/Paris', 'UTC'). */
export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The trading day of an instant in a time zone, as 'YYYY-MM-DD' (the local calendar date).
 *
 * @param now epoch milliseconds.
 * @param timeZone IANA zone name; defaults to UTC.
 * @throws RangeError for an unknown time zone or a non-finite `now` (validate input first).
 */
export function tradingDate(now: number, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (!Number.isFinite(now)) throw new RangeError(`now must be epoch milliseconds, got ${now}`);
  const parts = formatterFor(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

function clockFormatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clockFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the zone's wall clock is ahead of UTC at instant `ms`, in milliseconds. */
function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts = clockFormatterFor(timeZone).formatToParts(ms);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The calendar date `days` after `date` ('YYYY-MM-DD'; negative goes back). */
export function addDays(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The instant a calendar date begins in a time zone (its local midnight, or the first instant
 * of the day where a clock change skips midnight), in epoch milliseconds.
 *
 * @param date 'YYYY-MM-DD'. @param timeZone IANA zone name.
 */
export function startOfDate(date: string, timeZone: string = DEFAULT_TIME_ZONE): number {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const midnightUtc = Date.UTC(y, m - 1, d);
  // Two passes settle the offset on either side of a clock change.
  let guess = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
  guess = midnightUtc - zoneOffsetMs(guess, timeZone);
  // Where midnight does not exist (a zone that springs forward at 00:00), the day starts at
  // the first instant that belongs to it.
  while (tradingDate(guess, timeZone) !== date && guess < midnightUtc + DAY_MS) guess += 60_000;
  while (tradingDate(guess - 60_000, timeZone) === date) guess -= 60_000;
  return guess;
}

/**
 * The instant the trading day containing `now` ends, which is when the next one begins:
 * the next local midnight in `timeZone`, in epoch milliseconds.
 */
export function endOfTradingDay(now: number, timeZone: string = DEFAULT_TIME_ZONE): number {
  return startOfDate(addDays(tradingDate(now, timeZone), 1), timeZone);
}
