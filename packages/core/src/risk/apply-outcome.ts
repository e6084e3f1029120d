import { roundTo } from '../format/round.js';
import { fail, ok, type Result } from '../result.js';
import type { RiskState, TotalStats } from '../schemas/risk.js';
import { isSessionEnded, MAX_STOPLOSS_PER_DAY, stoplossTexts } from '../stoploss/stoploss.js';
import { applyOutcomeToStreak, streakPercentage } from '../streak/streak.js';
import { PROFIT_LOSS_DECIMALS } from '../trade/pnl.js';
import type { ClosedTradeStatus } from '../trade/status.js';
import { isoFromMs, riskStateForDay } from './risk-state.js';
import { DEFAULT_TIME_ZONE, tradingDate } from './trading-day.js';

/** A closed trade as the risk state sees it. */
export interface TradeOutcome {
  status: ClosedTradeStatus;
  /** Profit (+) or loss (−) in dollars; must be finite. */
  profitLoss: number;
}

/** When it happens and which calendar decides the trading day. */
export interface RiskClock {
  /** Epoch milliseconds. */
  now: number;
  /** IANA time zone of the user's trading day; UTC by default. */
  timeZone?: string;
}

/** Average win ÷ average loss (payoff ratio), 2 decimals; 0 until one win and one loss. */
export function averageRiskReward(stats: Omit<TotalStats, 'averageRR'>): number {
  if (stats.wins === 0 || stats.losses === 0 || stats.totalRisk === 0) return 0;
  const ratio = roundTo(stats.totalReward / stats.wins / (stats.totalRisk / stats.losses), 2);
  return Number.isFinite(ratio) ? ratio : 0;
}

/**
 * Applies a closed trade to the risk state (POST /api/risk-management/update):
 * - first rolls over to the trading day of `now` (slTaken and daily counters restart);
 * - a stoploss close while `slTaken >= 3` is refused with `SESSION_ENDED` (SPEC.md section 8);
 * - counts: trades +1, wins (TARGET_HIT) or losses (STOPLOSS_HIT) +1, today and all-time;
 *   a STOPLOSS_HIT adds 1 to `slTaken`;
 * - money follows the sign of `profitLoss` (rounded to 8 decimals): a gain adds to dailyProfit
 *   and totalReward, a loss (as a positive number) to dailyLoss and totalRisk; totalGain adds
 *   the signed amount;
 * - the streak moves +1 on a win, −1 on a loss (clamped −3..3), percentage = 10 + 2 × streak.
 *
 * @throws RangeError when `profitLoss` is not finite (validate with RiskUpdateRequestSchema).
 */
export function applyTradeOutcome(
  state: RiskState,
  outcome: TradeOutcome,
  clock: RiskClock,
): Result<RiskState, 'SESSION_ENDED'> {
  const { profitLoss, status } = outcome;
  if (!Number.isFinite(profitLoss)) throw new RangeError('profitLoss must be a finite number');
  const timeZone = clock.timeZone ?? DEFAULT_TIME_ZONE;
  const current = riskStateForDay(state, clock.now, timeZone);
  const isWin = status === 'TARGET_HIT';
  if (!isWin && isSessionEnded(current.slTaken)) {
    return fail('SESSION_ENDED', stoplossTexts.sessionEndedAlert);
  }
  const amount = roundTo(profitLoss, PROFIT_LOSS_DECIMALS);
  const gain = Math.max(amount, 0);
  const loss = Math.max(-amount, 0);
  const daily = current.dailyStats;
  const total = current.totalStats;
  const totals = {
    trades: total.trades + 1,
    wins: total.wins + (isWin ? 1 : 0),
    losses: total.losses + (isWin ? 0 : 1),
    totalGain: total.totalGain + amount,
    totalRisk: total.totalRisk + loss,
    totalReward: total.totalReward + gain,
  };
  const tradeStreak = applyOutcomeToStreak(current.tradeStreak, isWin ? 'win' : 'loss');
  return ok({
    ...current,
    tradeStreak,
    currentPercentage: streakPercentage(tradeStreak),
    slTaken: isWin ? current.slTaken : Math.min(current.slTaken + 1, MAX_STOPLOSS_PER_DAY),
    lastUpdate: isoFromMs(clock.now),
    dailyStats: {
      lastTradeDate: tradingDate(clock.now, timeZone),
      trades: daily.trades + 1,
      wins: daily.wins + (isWin ? 1 : 0),
      losses: daily.losses + (isWin ? 0 : 1),
      dailyProfit: daily.dailyProfit + gain,
      dailyLoss: daily.dailyLoss + loss,
    },
    totalStats: { ...totals, averageRR: averageRiskReward(totals) },
  });
}

/** {@link RiskClock} plus how many trades the user opened today (closes alone undercount). */
export interface OpenTradeCheck extends RiskClock {
  /** Trades created on the current trading day, counted by the caller; defaults to 0. */
  tradesOpenedToday?: number;
}

/**
 * Whether a new trade (or a live order) may be opened now: refused with `SESSION_ENDED` while
 * 3 stoplosses were taken today, or while today's trades reached `maxTradesPerDay`
 * (DESIGN.md). Today's trades are the larger of the closes counted in `dailyStats.trades` and
 * `tradesOpenedToday`. On success the value is the state rolled over to today.
 */
export function canOpenTrade(
  state: RiskState,
  check: OpenTradeCheck,
): Result<RiskState, 'SESSION_ENDED'> {
  const current = riskStateForDay(state, check.now, check.timeZone ?? DEFAULT_TIME_ZONE);
  if (isSessionEnded(current.slTaken))
    return fail('SESSION_ENDED', stoplossTexts.sessionEndedAlert);
  const tradesToday = Math.max(current.dailyStats.trades, check.tradesOpenedToday ?? 0);
  if (tradesToday >= current.settings.maxTradesPerDay) {
    return fail('SESSION_ENDED', stoplossTexts.dailyTradesReached);
  }
  return ok(current);
}
