import type { DailyStats, RiskLimits, RiskState, TotalStats, TradingDay } from '../schemas/risk.js';
import { sumUsd } from '../units/units.js';
import { DEFAULT_MAX_DAILY_LOSS_USD, DEFAULT_MAX_TRADES_PER_DAY } from '../stoploss/stoploss.js';
import {
  DEFAULT_ACCOUNT_SIZE_USD,
  DEFAULT_BASE_TRADE_SIZE_USD,
  DEFAULT_PERCENTAGE,
} from '../streak/sizing.js';
import {
  addDays,
  DEFAULT_TIME_ZONE,
  endOfTradingDay,
  startOfDate,
  tradingDate,
} from './trading-day.js';

const DAY_MS = 86_400_000;

/** ISO form of an epoch-millisecond instant, as stored in `lastUpdate`. */
export function isoFromMs(now: number): string {
  return new Date(now).toISOString();
}

/** Daily counters at zero for the trading day `date` ('YYYY-MM-DD', or null before any). */
export function emptyDailyStats(date: string | null): DailyStats {
  return {
    lastTradeDate: date,
    trades: 0,
    wins: 0,
    losses: 0,
    dailyProfit: 0,
    dailyLoss: 0,
    dailyR: 0,
    offPlanTrades: 0,
    offPlanPnlUsd: 0,
  };
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
 * 10000, trade size 1000, 10 %, streak 0, no stoploss, no trades, limits $500 / 3 per day.
 * Its trading day starts on first use ({@link riskStateForDay}).
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
    pendingSettings: null,
    tradingDay: null,
  };
}

/** The day a state stored before trading days were recorded belongs to, read in `timeZone`. */
function recordedDay(state: RiskState, timeZone: string): TradingDay | null {
  if (state.tradingDay) return state.tradingDay;
  const date = state.dailyStats.lastTradeDate;
  if (!date) return null;
  return {
    timeZone,
    startsAt: isoFromMs(startOfDate(date, timeZone)),
    endsAt: isoFromMs(startOfDate(addDays(date, 1), timeZone)),
    thirdStoplossAt: null,
    grassResetAt: null,
    dailyLossHitAt: null,
  };
}

/**
 * The trading day that follows `previous` at `now`, in `timeZone` (DESIGN.md section 7). In
 * the same zone it is the local calendar day of `now`. After a change of zone the first day
 * starts where the previous one ended and runs to a local midnight at least 24 hours later,
 * so a change can never give a second trading day within 24 hours.
 */
function followingDay(previous: TradingDay | null, now: number, timeZone: string): TradingDay {
  const startOfToday = startOfDate(tradingDate(now, timeZone), timeZone);
  let endsAt = endOfTradingDay(now, timeZone);
  let startsAt = startOfToday;
  if (previous) {
    const previousEnd = Date.parse(previous.endsAt);
    startsAt = Math.max(previousEnd, startOfToday);
    if (previous.timeZone !== timeZone) {
      while (endsAt - previousEnd < DAY_MS) endsAt = endOfTradingDay(endsAt, timeZone);
    }
  }
  return {
    timeZone,
    startsAt: isoFromMs(startsAt),
    endsAt: isoFromMs(endsAt),
    thirdStoplossAt: null,
    grassResetAt: null,
    dailyLossHitAt: null,
  };
}

/**
 * The state as it stands at `now` (DESIGN.md section 7). While the recorded trading day lasts,
 * nothing changes (a time-zone change waits for its end). When it has ended, a new day begins
 * in `timeZone`: `slTaken` and the daily counters restart at 0 and limits loosened during the
 * previous day take effect. Returns the same object when nothing changes, so reads are cheap.
 *
 * @param now epoch milliseconds.
 * @param timeZone the user's IANA zone now; UTC by default.
 */
export function riskStateForDay(
  state: RiskState,
  now: number,
  timeZone: string = DEFAULT_TIME_ZONE,
): RiskState {
  const day = recordedDay(state, timeZone);
  if (day && now < Date.parse(day.endsAt)) {
    return state.tradingDay === day ? state : { ...state, tradingDay: day };
  }
  const next = followingDay(day, now, timeZone);
  return {
    ...state,
    slTaken: 0,
    dailyStats: emptyDailyStats(tradingDate(Date.parse(next.endsAt) - 1, timeZone)),
    settings: state.pendingSettings ?? state.settings,
    pendingSettings: null,
    tradingDay: next,
  };
}

/** Net realised loss of the trading day in USD, exactly (0 when the day is up). */
export function realisedLossToday(state: RiskState): number {
  return Math.max(0, sumUsd([state.dailyStats.dailyLoss, -state.dailyStats.dailyProfit]));
}

/**
 * Marks the moment the day's realised loss reached the daily limit, once: from then on the
 * session stays ended until the day ends (a later win does not reopen it).
 */
export function markDailyLossLimit(state: RiskState, now: number): RiskState {
  const day = state.tradingDay;
  if (!day || day.dailyLossHitAt) return state;
  if (realisedLossToday(state) < state.settings.maxDailyLoss) return state;
  return { ...state, tradingDay: { ...day, dailyLossHitAt: isoFromMs(now) } };
}

/** A trade was opened: today's trade count goes up by one (deleting it gives nothing back). */
export function recordTradeOpened(state: RiskState, now: number): RiskState {
  return {
    ...state,
    lastUpdate: isoFromMs(now),
    dailyStats: { ...state.dailyStats, trades: state.dailyStats.trades + 1 },
  };
}

/**
 * POST reset-stats: all-time counters to 0 and the streak back to 0 (10 %). Today's counters
 * and `slTaken` are kept on purpose: they enforce today's limits, and resetting statistics
 * must not be a way around the session end.
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

/** What POST settings may change: sizes in USD and the daily limits; each optional. */
export interface RiskSettingsChange {
  accountSize?: number;
  baseTradeSize?: number;
  maxDailyLoss?: number;
  maxTradesPerDay?: number;
}

const LIMIT_KEYS = ['maxDailyLoss', 'maxTradesPerDay'] as const;

/**
 * POST settings (validated by RiskSettingsRequestSchema). Account size and base trade size
 * change at once. A limit made tighter (lower) applies at once; one made looser waits in
 * `pendingSettings` for the next trading day (DESIGN.md section 7), so loosening can never
 * reopen a session that is ending today. A loss limit tightened below today's loss ends the
 * session for the day.
 */
export function applyRiskSettings(
  state: RiskState,
  change: RiskSettingsChange,
  now: number,
): RiskState {
  const settings: RiskLimits = { ...state.settings };
  const target: RiskLimits = { ...(state.pendingSettings ?? state.settings) };
  for (const key of LIMIT_KEYS) {
    const wanted = change[key];
    if (wanted === undefined) continue;
    target[key] = wanted;
    if (wanted <= settings[key]) settings[key] = wanted;
  }
  const same = LIMIT_KEYS.every((key) => target[key] === settings[key]);
  return markDailyLossLimit(
    {
      ...state,
      accountSize: change.accountSize ?? state.accountSize,
      baseTradeSize: change.baseTradeSize ?? state.baseTradeSize,
      settings,
      pendingSettings: same ? null : target,
      lastUpdate: isoFromMs(now),
    },
    now,
  );
}
