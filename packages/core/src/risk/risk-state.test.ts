import { describe, expect, it } from 'vitest';
import { RiskStateSchema, type RiskState } from '../schemas/risk.js';
import {
  applyRiskSettings,
  defaultRiskState,
  emptyDailyStats,
  emptyTotalStats,
  isoFromMs,
  recordTradeOpened,
  resetRiskStats,
  riskStateForDay,
} from './risk-state.js';

const T0 = Date.parse('2025-03-10T12:00:00Z');
const LATER = T0 + 60_000;

function busyState(): RiskState {
  return {
    ...defaultRiskState(T0),
    tradeStreak: -2,
    currentPercentage: 6,
    slTaken: 3,
    dailyStats: {
      lastTradeDate: '2025-03-10',
      trades: 3,
      wins: 0,
      losses: 3,
      dailyProfit: 0,
      dailyLoss: 30,
      dailyR: -3,
      offPlanTrades: 1,
      offPlanPnlUsd: -10,
    },
    totalStats: {
      trades: 9,
      wins: 5,
      losses: 4,
      totalGain: 40,
      totalRisk: 40,
      totalReward: 80,
      averageRR: 1.6,
    },
  };
}

describe('defaultRiskState', () => {
  it('has the defaults of SPEC.md and passes its own schema', () => {
    const state = defaultRiskState(T0);
    expect(state).toMatchObject({
      accountSize: 10000,
      baseTradeSize: 1000,
      currentPercentage: 10,
      tradeStreak: 0,
      slTaken: 0,
      lastUpdate: '2025-03-10T12:00:00.000Z',
      settings: { maxDailyLoss: 500, maxTradesPerDay: 3 },
    });
    expect(state.dailyStats).toEqual(emptyDailyStats(null));
    expect(state.totalStats).toEqual(emptyTotalStats());
    expect(RiskStateSchema.parse(state)).toEqual(state);
  });

  it('isoFromMs writes ISO UTC', () => {
    expect(isoFromMs(0)).toBe('1970-01-01T00:00:00.000Z');
  });
});

describe('riskStateForDay', () => {
  it('keeps the same object on the same trading day', () => {
    const state = riskStateForDay(busyState(), T0);
    expect(state.tradingDay).toMatchObject({
      timeZone: 'UTC',
      startsAt: '2025-03-10T00:00:00.000Z',
      endsAt: '2025-03-11T00:00:00.000Z',
    });
    expect(riskStateForDay(state, LATER)).toBe(state);
  });

  it('a new day takes up limits loosened the day before', () => {
    const today = riskStateForDay(busyState(), T0);
    const loosened = applyRiskSettings(today, { maxTradesPerDay: 6 }, T0);
    expect(loosened.settings.maxTradesPerDay).toBe(3);
    const tomorrow = riskStateForDay(loosened, Date.parse('2025-03-11T09:00:00Z'));
    expect(tomorrow.settings.maxTradesPerDay).toBe(6);
    expect(tomorrow.pendingSettings).toBeNull();
  });

  it('on a new day resets slTaken and the daily counters, keeps the rest', () => {
    const next = riskStateForDay(busyState(), Date.parse('2025-03-11T00:00:01Z'));
    expect(next.slTaken).toBe(0);
    expect(next.dailyStats).toEqual(emptyDailyStats('2025-03-11'));
    expect(next.totalStats.trades).toBe(9);
    expect(next.tradeStreak).toBe(-2);
  });

  it.each([
    ['east: UTC to Kiritimati (+14)', 'Pacific/Kiritimati', '2025-03-12T10:00:00.000Z'],
    ['west: UTC to Los Angeles (-7)', 'America/Los_Angeles', '2025-03-12T07:00:00.000Z'],
    ['a small step: UTC to Paris (+1)', 'Europe/Paris', '2025-03-12T23:00:00.000Z'],
  ])(
    'a time-zone change waits for the day to end, then never gives a second day within 24 h (%s)',
    (_s, zone, end) => {
      const today = riskStateForDay(busyState(), T0, 'UTC');
      // Changed during the day: today keeps its UTC end and its stoplosses.
      const sameDay = riskStateForDay(today, Date.parse('2025-03-10T23:59:00Z'), zone);
      expect(sameDay.slTaken).toBe(3);
      expect(sameDay.tradingDay?.endsAt).toBe('2025-03-11T00:00:00.000Z');
      const next = riskStateForDay(sameDay, Date.parse('2025-03-11T00:00:00Z'), zone);
      expect(next.slTaken).toBe(0);
      expect(next.tradingDay).toMatchObject({
        timeZone: zone,
        startsAt: '2025-03-11T00:00:00.000Z',
        endsAt: end,
      });
      const length = Date.parse(end) - Date.parse('2025-03-11T00:00:00Z');
      expect(length).toBeGreaterThanOrEqual(86_400_000);
      expect(riskStateForDay(next, Date.parse(end) - 1, zone)).toBe(next);
    },
  );

  it('uses the time zone for the boundary', () => {
    const lateEvening = Date.parse('2025-03-10T23:30:00Z');
    expect(riskStateForDay(busyState(), lateEvening, 'UTC').slTaken).toBe(3);
    expect(riskStateForDay(busyState(), lateEvening, 'Europe/Paris').slTaken).toBe(0);
  });
});

describe('resets and settings', () => {
  it('an opened trade counts for today at once', () => {
    const next = recordTradeOpened(busyState(), LATER);
    expect(next.dailyStats.trades).toBe(4);
    expect(next.lastUpdate).toBe(isoFromMs(LATER));
  });

  it("reset-stats clears all-time stats and the streak, keeps today's limits", () => {
    const next = resetRiskStats(busyState(), LATER);
    expect(next.totalStats).toEqual(emptyTotalStats());
    expect(next.tradeStreak).toBe(0);
    expect(next.currentPercentage).toBe(10);
    expect(next.slTaken).toBe(3);
    expect(next.dailyStats.trades).toBe(3);
  });

  it('settings change account and trade size only', () => {
    const next = applyRiskSettings(busyState(), { accountSize: 25000, baseTradeSize: 2500 }, LATER);
    expect(next).toEqual({
      ...busyState(),
      accountSize: 25000,
      baseTradeSize: 2500,
      lastUpdate: isoFromMs(LATER),
    });
  });

  it.each([
    [
      'tightening applies at once',
      { maxTradesPerDay: 2 },
      { maxDailyLoss: 500, maxTradesPerDay: 2 },
      null,
    ],
    [
      'loosening waits for tomorrow',
      { maxDailyLoss: 800 },
      { maxDailyLoss: 500, maxTradesPerDay: 3 },
      { maxDailyLoss: 800, maxTradesPerDay: 3 },
    ],
    [
      'one of each',
      { maxDailyLoss: 200, maxTradesPerDay: 5 },
      { maxDailyLoss: 200, maxTradesPerDay: 3 },
      { maxDailyLoss: 200, maxTradesPerDay: 5 },
    ],
  ])('limits: %s', (_scenario, change, settings, pending) => {
    const next = applyRiskSettings(defaultRiskState(T0), change, LATER);
    expect(next.settings).toEqual(settings);
    expect(next.pendingSettings).toEqual(pending);
  });

  it('tightening below a pending loosening cancels it', () => {
    const loosened = applyRiskSettings(defaultRiskState(T0), { maxTradesPerDay: 8 }, LATER);
    const tightened = applyRiskSettings(loosened, { maxTradesPerDay: 2 }, LATER);
    expect(tightened.settings.maxTradesPerDay).toBe(2);
    expect(tightened.pendingSettings).toBeNull();
  });
});
