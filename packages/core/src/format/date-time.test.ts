import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatTime,
  instantMs,
  timeZoneLabel,
} from './date-time.js';

// 28 Nov 2026 12:43:20 UTC
const at = Date.UTC(2026, 10, 28, 12, 43, 20);

describe('formatDateTime', () => {
  it.each([
    ['UTC reader, UTC time', { timeZone: 'UTC' }, '28 Nov 2026, 12:43'],
    ['Paris reader (UTC+1 in winter)', { readerTimeZone: 'Europe/Paris' }, '28 Nov 2026, 13:43'],
    ['Tokyo reader, past midnight', { readerTimeZone: 'Asia/Tokyo' }, '28 Nov 2026, 21:43'],
    ['New York reader', { readerTimeZone: 'America/New_York' }, '28 Nov 2026, 07:43'],
    [
      'UTC time for a Paris reader',
      { timeZone: 'UTC', readerTimeZone: 'Europe/Paris' },
      '28 Nov 2026, 12:43 UTC',
    ],
    [
      'Paris time for a UTC reader',
      { timeZone: 'Europe/Paris', readerTimeZone: 'UTC' },
      '28 Nov 2026, 13:43 CET',
    ],
    ['no zone given: UTC', {}, '28 Nov 2026, 12:43'],
    [
      'a fixed-zone screen names its zone',
      { timeZone: 'UTC', showZone: true },
      '28 Nov 2026, 12:43 UTC',
    ],
  ])('%s', (_name, zone, text) => {
    expect(formatDateTime(at, zone)).toBe(text);
  });

  it('reads ISO strings and Dates as the same instant', () => {
    const iso = new Date(at).toISOString();
    expect(formatDateTime(iso, { timeZone: 'UTC' })).toBe('28 Nov 2026, 12:43');
    expect(formatDateTime(new Date(at), { timeZone: 'UTC' })).toBe('28 Nov 2026, 12:43');
    expect(formatDateTime('2026-11-29T01:07:00+02:00', { timeZone: 'UTC' })).toBe(
      '28 Nov 2026, 23:07',
    );
  });

  it('crosses the date line in the reader zone: 23:30 UTC is the next day in Tokyo', () => {
    const late = Date.UTC(2026, 8, 30, 23, 30);
    expect(formatDateTime(late, { timeZone: 'UTC' })).toBe('30 Sep 2026, 23:30');
    expect(formatDateTime(late, { timeZone: 'Asia/Tokyo' })).toBe('1 Oct 2026, 08:30');
  });

  it('writes midnight as 00:00, never 24:00', () => {
    expect(formatDateTime(Date.UTC(2026, 0, 2), { timeZone: 'UTC' })).toBe('2 Jan 2026, 00:00');
  });

  it('gives the fallback for a missing or unreadable instant', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined, {}, 'Never')).toBe('Never');
    expect(formatDateTime('not a date', {}, 'Never')).toBe('Never');
    expect(formatDateTime(Number.NaN)).toBe('—');
  });
});

describe('formatDate / formatTime', () => {
  it('splits the same text in two', () => {
    expect(formatDate(at, { timeZone: 'Asia/Kolkata' })).toBe('28 Nov 2026');
    expect(formatTime(at, { timeZone: 'Asia/Kolkata' })).toBe('18:13');
    expect(formatTime(at, { timeZone: 'UTC', readerTimeZone: 'Asia/Kolkata' })).toBe('12:43 UTC');
    expect(formatDate(null)).toBe('—');
    expect(formatTime('x', {}, '')).toBe('');
  });
});

describe('formatCalendarDate', () => {
  it.each([
    ['2026-11-28', '28 Nov 2026'],
    ['2026-01-01', '1 Jan 2026'],
    ['2026-13-01', '—'],
    ['28/11/2026', '—'],
    [null, '—'],
  ])('%s reads %s', (date, text) => {
    expect(formatCalendarDate(date)).toBe(text);
  });
});

describe('timeZoneLabel / instantMs', () => {
  it('names UTC as UTC and other zones by their short name', () => {
    expect(timeZoneLabel('Etc/UTC', at)).toBe('UTC');
    expect(timeZoneLabel('Europe/Paris', at)).toBe('CET');
    expect(timeZoneLabel('Asia/Tokyo', at)).toBe('GMT+9');
  });

  it('is null for what is not a time', () => {
    expect(instantMs('2026-11-28T12:43:20.000Z')).toBe(at);
    expect(instantMs('')).toBeNull();
    expect(instantMs(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
