import { describe, expect, it } from 'vitest';
import { isValidTimeZone, tradingDate } from './trading-day.js';

describe('tradingDate', () => {
  const lateUtc = Date.parse('2025-03-10T23:30:00Z');

  it.each([
    ['UTC by default', undefined, '2025-03-10'],
    ['Paris is already on the next day', 'Europe/Paris', '2025-03-11'],
    ['New York is still on the same day', 'America/New_York', '2025-03-10'],
    ['Tokyo is on the next day', 'Asia/Tokyo', '2025-03-11'],
  ])('%s', (_scenario, timeZone, expected) => {
    expect(tradingDate(lateUtc, timeZone)).toBe(expected);
  });

  it('changes exactly at local midnight', () => {
    expect(tradingDate(Date.parse('2025-01-01T22:59:59.999Z'), 'Europe/Paris')).toBe('2025-01-01');
    expect(tradingDate(Date.parse('2025-01-01T23:00:00.000Z'), 'Europe/Paris')).toBe('2025-01-02');
  });

  it('throws for an unknown zone or a bad instant (programmer errors)', () => {
    expect(() => tradingDate(0, 'Mars/Olympus')).toThrow(RangeError);
    expect(() => tradingDate(Number.NaN)).toThrow(RangeError);
  });
});

describe('isValidTimeZone', () => {
  it.each([
    ['UTC', true],
    ['Europe/Paris', true],
    ['Mars/Olympus', false],
    ['', false],
    ['x'.repeat(65), false],
  ])('%s → %s', (zone, expected) => {
    expect(isValidTimeZone(zone)).toBe(expected);
  });
});
