import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime, formatUtcDateTime, formatUtcDay } from './format';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [12, '12'],
    [1234, '1,234'],
    [1234567, '1,234,567'],
    [-2500, '-2,500'],
    [Number.NaN, '—'],
    [Number.POSITIVE_INFINITY, '—'],
  ])('%s -> %s', (n, expected) => {
    expect(formatCount(n)).toBe(expected);
  });
});

describe('formatUtcDay', () => {
  it('is the UTC calendar day, whatever the browser zone', () => {
    expect(formatUtcDay('2026-03-01T14:05:00.000Z')).toBe('2026-03-01');
    expect(formatUtcDay('2026-03-01T23:59:59.999Z')).toBe('2026-03-01');
    expect(formatUtcDay('2026-03-02T01:00:00+02:00')).toBe('2026-03-01');
  });

  it.each([null, undefined, '', 'not a date'])('%s -> —', (iso) => {
    expect(formatUtcDay(iso)).toBe('—');
  });
});

describe('formatUtcDateTime', () => {
  it('is the UTC day and time to the minute', () => {
    expect(formatUtcDateTime('2026-03-01T14:05:42.000Z')).toBe('2026-03-01 14:05 UTC');
    expect(formatUtcDateTime('2026-01-02T00:00:00.000Z')).toBe('2026-01-02 00:00 UTC');
    expect(formatUtcDateTime('2026-03-02T01:07:00+02:00')).toBe('2026-03-01 23:07 UTC');
  });

  it.each([null, undefined, '', 'not a date'])('%s -> —', (iso) => {
    expect(formatUtcDateTime(iso)).toBe('—');
  });
});

describe('formatDateTime', () => {
  it('is the date and time of day as the browser shows them', () => {
    const iso = '2026-03-01T14:05:00.000Z';
    const expected = new Intl.DateTimeFormat(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso));
    expect(formatDateTime(iso)).toBe(expected);
    expect(formatDateTime(iso)).toMatch(/2026/);
  });

  it('says the fallback when there is no readable time', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('not a date', 'Never')).toBe('Never');
    expect(formatDateTime(null, 'Never')).toBe('Never');
  });
});
