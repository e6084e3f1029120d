import type { DailyStats, RiskState, TotalStats } from '../schemas/risk.js';
import { DEFAULT_MAX_DAILY_LOSS_USD, DEFAULT_MAX_TRADES_PER_DAY } from '../stoploss/stoploss.js';
import {
  DEFAULT_ACCOUNT_SIZE_USD,
  DEFAULT_BASE_TRADE_SIZE_USD,
  DEFAULT_PERCENTAGE,
} from '../streak/sizing.js';
import { DEFAULT_TIME_ZONE, tradingDate } from './trading-day.js';

/** ISO form of an epoch-millisecond instant, as stored in `lastUpdate`. */
export function isoFromMs(now: number): string {
  return new Date(now).toISOString();
}

/** Daily counters at zero for the trading day `date` ('YYYY-MM-DD', or null before any). */
export function emptyDailyStats(date: string | null): DailyStats {
  return { lastTradeDate: date, trades: 0, wins: 0, losses: 0, dailyProfit: 0, dailyLoss: 0 };
}

/** All-time counters at zero. */
export function emptyTotalStats(): TotalStats {
  return {
    trades: 0,
    wins: 0,
    losses: 0,
    totalGain: 0,
    totalRisk: 0,
    totalReward: 0,
    averageRR: 0,
  };
}

/**
 * The risk state of a new user or of a failed fetch (SPEC.md sections 3 and 8): account
 * 10000, trade size 1000, 10 %, streak 0, no stoploss, no trades, limits 500 / 3 per day.
 *
 * @param now epoch milliseconds, stored as `lastUpdate`.
 */
export function defaultRiskState(now: number): RiskState {
  return {
    accountSize: DEFAULT_ACCOUNT_SIZE_USD,
    baseTradeSize: DEFAULT_BASE_TRADE_SIZE_USD,
    currentPercentage: DEFAULT_PERCENTAGE,
    tradeStreak: 0,
    slTaken: 0,
    lastUpdate: isoFromMs(now),
    dailyStats: emptyDailyStats(null),
    totalStats: emptyTotalStats(),
    settings: {
      maxDailyLoss: DEFAULT_MAX_DAILY_LOSS_USD,
      maxTradesPerDay: DEFAULT_MAX_TRADES_PER_DAY,
    },
  };
}

/**
 * The state as it stands on the trading day of `now`: when the stored day is another one,
 * `slTaken` and the daily counters start again at 0 (DESIGN.md: the day boundary of the
 * user's time zone). Returns the same object when nothing changes, so it is cheap on reads.
 *
 * @param now epoch milliseconds.
 * @param timeZone IANA zone of the user's trading day; UTC by default.
 */
export function riskStateForDay(
  state: RiskState,
  now: number,
  timeZone: string = DEFAULT_TIME_ZONE,
): RiskState {
  const today = tradingDate(now, timeZone);
  if (state.dailyStats.lastTradeDate === today) return state;
  return { ...state, slTaken: 0, dailyStats: emptyDailyStats(today) };
}

/** "Did you touch some grass? Yes": the stoploss counter back to 0 (POST reset-sl). */
export function resetStoplossCounter(state: RiskState, now: number): RiskState {
  return { ...state, slTaken: 0, lastUpdate: isoFromMs(now) };
}

/**
 * POST reset-stats: all-time counters to 0 and the streak back to 0 (10 %). Today's counters
 * and `slTaken` are kept on purpose: they enforce today's limits, and resetting statistics
 * must not be a way around the session end (reset-sl is the one way, by design).
 */
export function resetRiskStats(state: RiskState, now: number): RiskState {
  return {
    ...state,
    tradeStreak: 0,
    currentPercentage: DEFAULT_PERCENTAGE,
    totalStats: emptyTotalStats(),
    lastUpdate: isoFromMs(now),
  };
}

/** POST settings: the user's account size and base trade size, in dollars (> 0, validated). */
export function applyRiskSettings(
  state: RiskState,
  settings: { accountSize: number; baseTradeSize: number },
  now: number,
): RiskState {
  return {
    ...state,
    accountSize: settings.accountSize,
    baseTradeSize: settings.baseTradeSize,
    lastUpdate: isoFromMs(now),
  };
}
