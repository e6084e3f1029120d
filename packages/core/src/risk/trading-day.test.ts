import { describe, expect, it } from 'vitest';
import {
  addDays,
  endOfTradingDay,
  isValidTimeZone,
  startOfDate,
  tradingDate,
} from './trading-day.js';

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

describe('startOfDate / endOfTradingDay', () => {
  it.each([
    ['UTC', '2025-03-10', 'UTC', '2025-03-10T00:00:00.000Z'],
    ['Paris in winter', '2025-01-02', 'Europe/Paris', '2025-01-01T23:00:00.000Z'],
    ['Paris in summer', '2025-07-02', 'Europe/Paris', '2025-07-01T22:00:00.000Z'],
    ['New York', '2025-03-10', 'America/New_York', '2025-03-10T04:00:00.000Z'],
    ['Kiritimati, 14 hours ahead', '2025-03-10', 'Pacific/Kiritimati', '2025-03-09T10:00:00.000Z'],
    ['India, half-hour offset', '2025-03-10', 'Asia/Kolkata', '2025-03-09T18:30:00.000Z'],
    [
      'a day where midnight is skipped',
      '2025-03-30',
      'America/Santiago',
      '2025-03-30T03:00:00.000Z',
    ],
  ])('%s', (_scenario, date, zone, expected) => {
    expect(new Date(startOfDate(date, zone)).toISOString()).toBe(expected);
  });

  it('ends a day at the next local midnight, 23 or 25 hours on clock-change days', () => {
    const paris = 'Europe/Paris';
    const springDay = Date.parse('2025-03-30T12:00:00Z');
    expect(new Date(endOfTradingDay(springDay, paris)).toISOString()).toBe(
      '2025-03-30T22:00:00.000Z',
    );
    expect(endOfTradingDay(springDay, paris) - startOfDate('2025-03-30', paris)).toBe(23 * 3600e3);
    const autumnDay = Date.parse('2025-10-26T12:00:00Z');
    expect(endOfTradingDay(autumnDay, paris) - startOfDate('2025-10-26', paris)).toBe(25 * 3600e3);
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});
