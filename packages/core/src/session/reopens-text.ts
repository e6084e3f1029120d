import { addDays, DEFAULT_TIME_ZONE, tradingDate } from '../risk/trading-day.js';

const timeFormatters = new Map<string, Intl.DateTimeFormat>();
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function cached(
  map: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let formatter = map.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
    map.set(timeZone, formatter);
  }
  return formatter;
}

/** '14:35' on the 24-hour clock of `timeZone`. */
export function clockTime(at: number, timeZone: string = DEFAULT_TIME_ZONE): string {
  return cached(timeFormatters, timeZone, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/**
 * When something happens again, said the way a person reads it in their zone: 'at 14:35',
 * 'tomorrow at 00:00', or 'on Tue 25 Nov at 00:00', followed by the zone ('(UTC)').
 *
 * @param at epoch ms of the event. @param now epoch ms of the reader's present.
 */
export function describeReopening(
  at: number,
  now: number,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const day = tradingDate(at, timeZone);
  const today = tradingDate(now, timeZone);
  const time = clockTime(at, timeZone);
  const zone = `(${timeZone})`;
  if (day === today) return `at ${time} ${zone}`;
  if (day === addDays(today, 1)) return `tomorrow at ${time} ${zone}`;
  const date = cached(dayFormatters, timeZone, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(at);
  return `on ${date.replace(',', '')} at ${time} ${zone}`;
}
