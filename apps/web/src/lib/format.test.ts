import { describe, expect, it } from 'vitest';
import { formatCount, formatStamp, formatUtcDay } from './format';

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

describe('formatStamp', () => {
  it("splits the product's date-time format in the given zone, with the exact instant", () => {
    const ms = Date.UTC(2026, 10, 28, 23, 30);
    expect(formatStamp(ms, 'UTC')).toEqual({
      date: '28 Nov 2026',
      time: '23:30',
      iso: '2026-11-28T23:30:00.000Z',
    });
    expect(formatStamp(ms, 'Europe/Paris')).toMatchObject({ date: '29 Nov 2026', time: '00:30' });
  });

  it('is null for what is not a time', () => {
    expect(formatStamp(Number.NaN, 'UTC')).toBeNull();
  });
});
