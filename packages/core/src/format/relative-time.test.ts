import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './relative-time.js';

const now = Date.UTC(2026, 10, 28, 12, 0, 0);
const minutes = (n: number) => now - n * 60_000;

describe('formatTimeAgo', () => {
  it.each([
    ['the same instant', now, 'just now'],
    ['59 seconds before', now - 59_000, 'just now'],
    ['a little ahead (a clock behind)', now + 5_000, 'just now'],
    ['one minute before', minutes(1), '1 minute ago'],
    ['59 minutes 59 seconds before', now - 3_599_000, '59 minutes ago'],
    ['one hour before', minutes(60), '1 hour ago'],
    ['23 hours 59 minutes before', minutes(24 * 60 - 1), '23 hours ago'],
    ['one day before', minutes(24 * 60), '1 day ago'],
    ['three and a half days before', minutes(84 * 60), '3 days ago'],
    ['an ISO string', new Date(minutes(5)).toISOString(), '5 minutes ago'],
  ])('%s: %s', (_, at, words) => {
    expect(formatTimeAgo(at, now)).toBe(words);
  });

  it('answers the fallback for a missing or unreadable time', () => {
    expect(formatTimeAgo(null, now)).toBe('—');
    expect(formatTimeAgo('not a time', now, 'Never')).toBe('Never');
  });
});
