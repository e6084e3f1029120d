const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** An instant as the trader's wall clock shows it. */
export interface LocalTime {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'Mon'..'Sun' */
  weekday: string;
  /** '00'..'23' */
  hour: string;
  /** '00'..'59' */
  minute: string;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function offsetFormatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in milliseconds (whole minutes). */
function offsetAt(formatter: Intl.DateTimeFormat, ms: number): number {
  const parts = formatter.formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return wall - Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}

/** Offsets kept per zone (a day each: 20,000 days is 55 years), and zones kept. */
const MAX_CACHED_DAYS = 20_000;
const MAX_CACHED_ZONES = 32;

const pad = (n: number): string => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, h) => pad(h));
const MINUTES = Array.from({ length: 60 }, (_, m) => pad(m));

/** Converters by zone (their offsets per day are kept, bounded above). */
const clocks = new Map<string, (ms: number) => LocalTime>();

/**
 * A converter from instants to the wall clock of `timeZone`. Intl formatting costs a few
 * microseconds a call, too slow for 10,000 trades several times over, so the zone's offset is
 * looked up once per UTC day (twice where it changes within that day, then per instant) and
 * the wall clock is plain arithmetic. The converter of a zone is shared.
 */
export function localClock(timeZone: string): (ms: number) => LocalTime {
  const known = clocks.get(timeZone);
  if (known) return known;
  if (clocks.size >= MAX_CACHED_ZONES) clocks.clear();
  const formatter = offsetFormatterFor(timeZone);
  const dayOffsets = new Map<number, number | null>();
  const offsetOf = (ms: number): number => {
    const day = Math.floor(ms / DAY_MS);
    let offset = dayOffsets.get(day);
    if (offset === undefined) {
      const start = offsetAt(formatter, day * DAY_MS);
      const end = offsetAt(formatter, day * DAY_MS + DAY_MS - MINUTE_MS);
      offset = start === end ? start : null;
      if (dayOffsets.size >= MAX_CACHED_DAYS) dayOffsets.clear();
      dayOffsets.set(day, offset);
    }
    return offset ?? offsetAt(formatter, ms);
  };
  // The local calendar date of each local day number, worked out once per day.
  const dates = new Map<number, string>();
  const dateOf = (localDay: number): string => {
    let date = dates.get(localDay);
    if (date === undefined) {
      const wall = new Date(localDay * DAY_MS);
      const year = String(wall.getUTCFullYear()).padStart(4, '0');
      date = `${year}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
      if (dates.size >= MAX_CACHED_DAYS) dates.clear();
      dates.set(localDay, date);
    }
    return date;
  };
  const clock = (ms: number): LocalTime => {
    const wall = ms + offsetOf(ms);
    const localDay = Math.floor(wall / DAY_MS);
    const sinceMidnight = wall - localDay * DAY_MS;
    return {
      date: dateOf(localDay),
      // Day 0 (1970-01-01) was a Thursday.
      weekday: WEEKDAY_NAMES[(((localDay + 4) % 7) + 7) % 7] ?? 'Sun',
      hour: HOURS[Math.floor(sinceMidnight / HOUR_MS)] ?? '00',
      minute: MINUTES[Math.floor((sinceMidnight % HOUR_MS) / MINUTE_MS)] ?? '00',
    };
  };
  clocks.set(timeZone, clock);
  return clock;
}
