const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** An instant as the trader's wall clock shows it. */
export interface LocalTime {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'Mon'..'Sun' */
  weekday: string;
  /** '00'..'23' */
  hour: string;
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

/** Offsets per UTC day, per zone, shared by every clock; dropped past a bound. */
const offsetCaches = new Map<string, Map<number, number | null>>();
const MAX_CACHED_DAYS = 50_000;
const MAX_CACHED_ZONES = 64;

function offsetsFor(timeZone: string): Map<number, number | null> {
  let cache = offsetCaches.get(timeZone);
  if (!cache || cache.size > MAX_CACHED_DAYS) {
    if (offsetCaches.size >= MAX_CACHED_ZONES) offsetCaches.clear();
    cache = new Map();
    offsetCaches.set(timeZone, cache);
  }
  return cache;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** Converters by zone, each remembering the instants it has converted (bounded). */
const clocks = new Map<string, (ms: number) => LocalTime>();
const MAX_REMEMBERED_INSTANTS = 100_000;

/**
 * A converter from instants to the wall clock of `timeZone`. Intl formatting costs a few
 * microseconds a call, too slow for 10,000 trades several times over, so the zone's offset is
 * looked up once per UTC day (twice where it changes within that day, then per instant) and
 * the wall clock is plain arithmetic. The converter of a zone is shared and remembers its
 * answers, so the weekday and the hour of one opening are worked out once.
 */
export function localClock(timeZone: string): (ms: number) => LocalTime {
  const known = clocks.get(timeZone);
  if (known) return known;
  if (clocks.size >= MAX_CACHED_ZONES) clocks.clear();
  const formatter = offsetFormatterFor(timeZone);
  const dayOffsets = offsetsFor(timeZone);
  const offsetOf = (ms: number): number => {
    const day = Math.floor(ms / DAY_MS);
    let offset = dayOffsets.get(day);
    if (offset === undefined) {
      const start = offsetAt(formatter, day * DAY_MS);
      const end = offsetAt(formatter, day * DAY_MS + DAY_MS - MINUTE_MS);
      offset = start === end ? start : null;
      dayOffsets.set(day, offset);
    }
    return offset ?? offsetAt(formatter, ms);
  };
  const remembered = new Map<number, LocalTime>();
  const clock = (ms: number): LocalTime => {
    const seen = remembered.get(ms);
    if (seen) return seen;
    const wall = new Date(ms + offsetOf(ms));
    const year = String(wall.getUTCFullYear()).padStart(4, '0');
    const local = {
      date: `${year}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
      weekday: WEEKDAY_NAMES[wall.getUTCDay()] ?? 'Sun',
      hour: pad(wall.getUTCHours()),
    };
    if (remembered.size >= MAX_REMEMBERED_INSTANTS) remembered.clear();
    remembered.set(ms, local);
    return local;
  };
  clocks.set(timeZone, clock);
  return clock;
}
