import { describe, expect, it } from 'vitest';
import { FIXTURE, trade } from './fixture.test-data.js';
import { byHour, byPair, bySide, byTier, byWeekday, calendar } from './groups.js';

describe('breakdowns', () => {
  it('byTier: trades, win rate, expectancy and P/L per tier', () => {
    expect(byTier(FIXTURE)).toMatchObject([
      // t2 (-1, -20), t5 (0, 0): no win; (-1 + 0) / 2 = -0.5
      { tier: 1, trades: 2, winRate: 0, expectancyR: -0.5, pnlUsd: -20 },
      // t4 (3, 60), t6 (-0.5, -10): 1 win of 2; (3 - 0.5) / 2 = 1.25
      { tier: 2, trades: 2, winRate: 0.5, expectancyR: 1.25, pnlUsd: 50 },
      // t1 (2, 40), t3 (-1, -25): (2 - 1) / 2 = 0.5
      { tier: 3, trades: 2, winRate: 0.5, expectancyR: 0.5, pnlUsd: 15 },
    ]);
  });

  it('byPair', () => {
    expect(byPair(FIXTURE)).toMatchObject([
      // t1, t3, t4: 2 wins of 3; (2 - 1 + 3) / 3 = 1.3333; 40 - 25 + 60 = 75
      { key: 'BTC', trades: 3, winRate: 2 / 3, expectancyR: 1.3333, pnlUsd: 75 },
      // t2, t5, t6: no win; (-1 + 0 - 0.5) / 3 = -0.5; -20 + 0 - 10 = -30
      { key: 'ETH', trades: 3, winRate: 0, expectancyR: -0.5, pnlUsd: -30 },
    ]);
  });

  it('bySide', () => {
    expect(bySide(FIXTURE)).toMatchObject([
      // t1, t3, t5, t6: 1 win of 4; (2 - 1 + 0 - 0.5) / 4 = 0.125; 40 - 25 + 0 - 10 = 5
      { key: 'long', trades: 4, winRate: 0.25, expectancyR: 0.125, pnlUsd: 5 },
      // t2, t4: (-1 + 3) / 2 = 1; -20 + 60 = 40
      { key: 'short', trades: 2, winRate: 0.5, expectancyR: 1, pnlUsd: 40 },
    ]);
  });

  it('byWeekday in UTC, by opening time, Monday first', () => {
    expect(byWeekday(FIXTURE, 'UTC').map((row) => [row.key, row.trades])).toEqual([
      ['Mon', 1],
      ['Tue', 1],
      ['Wed', 1],
      ['Thu', 1],
      ['Fri', 1],
      ['Sat', 1],
    ]);
  });

  it('byHour in UTC, by opening time', () => {
    expect(byHour(FIXTURE, 'UTC')).toMatchObject([
      { key: '08', trades: 1, winRate: 0, expectancyR: -1, pnlUsd: -20 }, // t2
      // t1 (2, 40), t4 (3, 60): (2 + 3) / 2 = 2.5
      { key: '09', trades: 2, winRate: 1, expectancyR: 2.5, pnlUsd: 100 },
      // t3 (-1, -25), t5 (0, 0): -0.5
      { key: '14', trades: 2, winRate: 0, expectancyR: -0.5, pnlUsd: -25 },
      { key: '20', trades: 1, winRate: 0, expectancyR: -0.5, pnlUsd: -10 }, // t6
    ]);
  });

  it('weekday and hour follow the trader’s time zone (Paris is UTC+1 in winter)', () => {
    // Wednesday 2026-01-14 23:30 UTC is Thursday 00:30 in Paris.
    const late = [trade({ id: 'a', openedAt: '2026-01-14T23:30:00Z' })];
    expect(byWeekday(late, 'UTC')[0]?.key).toBe('Wed');
    expect(byWeekday(late, 'Europe/Paris')[0]?.key).toBe('Thu');
    expect(byHour(late, 'UTC')[0]?.key).toBe('23');
    expect(byHour(late, 'Europe/Paris')[0]?.key).toBe('00');
  });
});

describe('calendar', () => {
  it('sums P/L and R per local date of the close', () => {
    const days = calendar(
      [
        trade({ id: 'a', rMultiple: 2, pnlUsd: 40, closedAt: '2026-01-05T08:00:00Z' }),
        trade({ id: 'b', rMultiple: -1, pnlUsd: -20, closedAt: '2026-01-05T12:00:00Z' }),
        trade({ id: 'c', rMultiple: 1, pnlUsd: 10, closedAt: '2026-01-07T12:00:00Z' }),
      ],
      'UTC',
    );
    expect(days).toEqual([
      { date: '2026-01-05', trades: 2, pnlUsd: 20, r: 1 }, // 40 - 20; 2 - 1
      { date: '2026-01-07', trades: 1, pnlUsd: 10, r: 1 },
    ]);
  });

  it('a trade closed at 23:30 UTC lands on the next day in Europe/Paris in winter', () => {
    const late = [trade({ id: 'a', pnlUsd: 15, rMultiple: 1.5, closedAt: '2026-01-14T23:30:00Z' })];
    expect(calendar(late, 'UTC')).toEqual([{ date: '2026-01-14', trades: 1, pnlUsd: 15, r: 1.5 }]);
    expect(calendar(late, 'Europe/Paris')).toEqual([
      { date: '2026-01-15', trades: 1, pnlUsd: 15, r: 1.5 },
    ]);
  });

  it('the fixture closes at 23:00 UTC: the next day in Paris', () => {
    expect(calendar(FIXTURE, 'Europe/Paris').map((day) => day.date)).toEqual([
      '2026-01-06',
      '2026-01-07',
      '2026-01-08',
      '2026-01-09',
      '2026-01-10',
      '2026-01-11',
    ]);
  });
});
