import { describe, expect, it } from 'vitest';
import { RiskStateSchema, type RiskState } from '../schemas/risk.js';
import {
  applyRiskSettings,
  defaultRiskState,
  emptyDailyStats,
  emptyTotalStats,
  isoFromMs,
  resetRiskStats,
  resetStoplossCounter,
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
    const state = busyState();
    expect(riskStateForDay(state, LATER)).toBe(state);
  });

  it('on a new day resets slTaken and the daily counters, keeps the rest', () => {
    const next = riskStateForDay(busyState(), Date.parse('2025-03-11T00:00:01Z'));
    expect(next.slTaken).toBe(0);
    expect(next.dailyStats).toEqual(emptyDailyStats('2025-03-11'));
    expect(next.totalStats.trades).toBe(9);
    expect(next.tradeStreak).toBe(-2);
  });

  it('uses the time zone for the boundary', () => {
    const lateEvening = Date.parse('2025-03-10T23:30:00Z');
    expect(riskStateForDay(busyState(), lateEvening, 'UTC').slTaken).toBe(3);
    expect(riskStateForDay(busyState(), lateEvening, 'Europe/Paris').slTaken).toBe(0);
  });
});

describe('resets and settings', () => {
  it('reset-sl sets the counter to 0 and nothing else', () => {
    const next = resetStoplossCounter(busyState(), LATER);
    expect(next).toEqual({ ...busyState(), slTaken: 0, lastUpdate: isoFromMs(LATER) });
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
});
