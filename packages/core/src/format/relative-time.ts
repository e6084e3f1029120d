import { instantMs, type Instant } from './date-time.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * How long before `now` the instant `at` was, in words: 'just now' (under a minute, or a
 * moment ahead of a clock that runs behind), '5 minutes ago', '2 hours ago', '3 days ago'.
 * Whole units, rounded down; `fallback` when `at` is missing or not a time. Both in epoch ms
 * or anything {@link instantMs} reads.
 */
export function formatTimeAgo(
  at: Instant | null | undefined,
  now: Instant,
  fallback = '—',
): string {
  const then = instantMs(at);
  const current = instantMs(now);
  if (then === null || current === null) return fallback;
  const elapsed = current - then;
  if (elapsed < MINUTE_MS) return 'just now';
  if (elapsed < HOUR_MS) return count(Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return count(Math.floor(elapsed / HOUR_MS), 'hour');
  return count(Math.floor(elapsed / DAY_MS), 'day');
}
