import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localClock } from './local-time.js';

describe('localClock', () => {
  it('puts 23:30 UTC on the next day in UTC+1 (Paris in winter)', () => {
    const at = Date.parse('2026-01-05T23:30:00.000Z');
    expect(localClock('Europe/Paris')(at)).toEqual({
      date: '2026-01-06',
      weekday: 'Tue',
      hour: '00',
      minute: '30',
    });
    expect(localClock('UTC')(at)).toEqual({
      date: '2026-01-05',
      weekday: 'Mon',
      hour: '23',
      minute: '30',
    });
  });

  it('follows a daylight-saving change inside the UTC day (New York, 2026-03-08)', () => {
    const clock = localClock('America/New_York');
    // 06:59 UTC is 01:59 EST; 07:00 UTC is 03:00 EDT.
    expect(clock(Date.parse('2026-03-08T06:59:00.000Z')).hour).toBe('01');
    expect(clock(Date.parse('2026-03-08T07:00:00.000Z')).hour).toBe('03');
    expect(clock(Date.parse('2026-03-08T03:00:00.000Z'))).toEqual({
      date: '2026-03-07',
      weekday: 'Sat',
      hour: '22',
      minute: '00',
    });
  });

  it('handles half-hour zones and dates before 1970', () => {
    expect(localClock('Asia/Kolkata')(Date.parse('2026-06-01T18:45:00.000Z'))).toEqual({
      date: '2026-06-02',
      weekday: 'Tue',
      hour: '00',
      minute: '15',
    });
    expect(localClock('UTC')(Date.parse('1969-12-31T23:00:00.000Z')).date).toBe('1969-12-31');
  });
});

describe('localClock against Intl', () => {
  it.each(['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe'])(
    'agrees with Intl.DateTimeFormat in %s on random instants from 1960 to 2100',
    (timeZone) => {
      const intl = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      const clock = localClock(timeZone);
      fc.assert(
        fc.property(fc.integer({ min: -315_619_200_000, max: 4_102_444_800_000 }), (ms) => {
          const parts = intl.formatToParts(ms);
          const part = (type: Intl.DateTimeFormatPartTypes) =>
            parts.find((p) => p.type === type)?.value ?? '';
          expect(clock(ms)).toEqual({
            date: `${part('year')}-${part('month')}-${part('day')}`,
            weekday: part('weekday'),
            hour: part('hour'),
            minute: part('minute').padStart(2, '0'),
          });
        }),
        { numRuns: 2000 },
      );
    },
  );
});
