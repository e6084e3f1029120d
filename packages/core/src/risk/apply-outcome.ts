import { roundTo } from '../format/round.js';
import { fail, ok, type Result } from '../result.js';
import type { RiskState, TotalStats, TradingDay } from '../schemas/risk.js';
import { isSessionEnded, MAX_STOPLOSS_PER_DAY, stoplossTexts } from '../stoploss/stoploss.js';
import { applyOutcomeToStreak, streakPercentage } from '../streak/streak.js';
import type { ClosedTradeStatus } from '../trade/status.js';
import { sumR, sumUsd } from '../units/units.js';
import { isoFromMs, markDailyLossLimit, riskStateForDay } from './risk-state.js';
import { DEFAULT_TIME_ZONE } from './trading-day.js';

/** A closed trade as the risk state sees it. */
export interface TradeOutcome {
  status: ClosedTradeStatus;
  /** Profit (+) or loss (−) of the position in USD (DESIGN.md section 7); must be finite. */
  pnlUsd: number;
  /** The trade's R-multiple; left out when not known (an outcome posted without a trade). */
  rMultiple?: number;
  /**
   * The outcome happened on the exchange (closed from fills): it is recorded even while the
   * session is ended, since the money is already won or lost.
   */
  fromExchange?: boolean;
}

/**
 * What a closed trade counts as for the rules: its status, except that a trade that made
 * exactly 0R (closed at its entry) is a break-even, neither a win nor a stoploss.
 */
export function outcomeKind(outcome: TradeOutcome): 'win' | 'loss' | 'breakEven' {
  if (outcome.rMultiple !== undefined && Math.abs(outcome.rMultiple) < 1e-9) return 'breakEven';
  return outcome.status === 'TARGET_HIT' ? 'win' : 'loss';
}

/** When it happens and which calendar decides the trading day. */
export interface RiskClock {
  /** Epoch milliseconds. */
  now: number;
  /** IANA time zone of the user's trading day; UTC by default. */
  timeZone?: string;
}

/** Average win ÷ average loss in USD (payoff ratio), 2 decimals; 0 until one of each. */
export function averageRiskReward(stats: Omit<TotalStats, 'averageRR'>): number {
  if (stats.wins === 0 || stats.losses === 0 || stats.totalRisk === 0) return 0;
  const ratio = roundTo(stats.totalReward / stats.wins / (stats.totalRisk / stats.losses), 2);
  return Number.isFinite(ratio) ? ratio : 0;
}

/**
 * Applies a closed trade to the risk state (closing a trade, POST /api/risk-management/update):
 * - first rolls over to the trading day of `now` (slTaken and daily counters restart);
 * - a stoploss close while `slTaken >= 3` is refused with `SESSION_ENDED` (SPEC.md section 8),
 *   unless it happened on the exchange (`fromExchange`): a real loss is always recorded;
 * - counts wins (TARGET_HIT) or losses (STOPLOSS_HIT), today and all-time, and all-time
 *   trades (today's trades are counted when opened); a STOPLOSS_HIT adds 1 to `slTaken`, and
 *   the third one starts the grass cooldown; a break-even (`rMultiple` 0: a stop moved to the
 *   entry and hit) is neither: it counts as a trade and leaves the stoplosses and the streak;
 * - today's R adds the trade's `rMultiple`;
 * - money follows the sign of `pnlUsd`, summed exactly: a gain adds to dailyProfit and
 *   totalReward, a loss (as a positive number) to dailyLoss and totalRisk; totalGain adds
 *   the signed amount; a net loss reaching the daily limit is marked (markDailyLossLimit);
 * - the streak moves +1 on a win, −1 on a loss (clamped −3..3), percentage = 10 + 2 × streak.
 *   A loss is refused with SESSION_ENDED after the third stoploss; a win or break-even is not.
 *
 * @throws RangeError when `pnlUsd` is not finite (validate input first).
 */
export function applyTradeOutcome(
  state: RiskState,
  outcome: TradeOutcome,
  clock: RiskClock,
): Result<RiskState, 'SESSION_ENDED'> {
  const { pnlUsd } = outcome;
  if (!Number.isFinite(pnlUsd)) throw new RangeError('pnlUsd must be a finite number');
  const current = riskStateForDay(state, clock.now, clock.timeZone ?? DEFAULT_TIME_ZONE);
  const kind = outcomeKind(outcome);
  const isWin = kind === 'win';
  const isLoss = kind === 'loss';
  if (isLoss && isSessionEnded(current.slTaken) && !outcome.fromExchange) {
    return fail('SESSION_ENDED', stoplossTexts.sessionEndedAlert, undefined, {
      reason: 'STOPLOSSES',
      reopensAt: (current.tradingDay as TradingDay).endsAt,
    });
  }
  const gain = Math.max(pnlUsd, 0);
  const loss = Math.max(-pnlUsd, 0);
  const daily = current.dailyStats;
  const total = current.totalStats;
  const totals = {
    trades: total.trades + 1,
    wins: total.wins + (isWin ? 1 : 0),
    losses: total.losses + (isLoss ? 1 : 0),
    totalGain: sumUsd([total.totalGain, pnlUsd]),
    totalRisk: sumUsd([total.totalRisk, loss]),
    totalReward: sumUsd([total.totalReward, gain]),
  };
  const slTaken = isLoss ? Math.min(current.slTaken + 1, MAX_STOPLOSS_PER_DAY) : current.slTaken;
  const day = current.tradingDay as TradingDay;
  const tradeStreak =
    kind === 'breakEven'
      ? current.tradeStreak
      : applyOutcomeToStreak(current.tradeStreak, isWin ? 'win' : 'loss');
  const next: RiskState = {
    ...current,
    tradeStreak,
    currentPercentage: streakPercentage(tradeStreak),
    slTaken,
    lastUpdate: isoFromMs(clock.now),
    tradingDay:
      slTaken >= MAX_STOPLOSS_PER_DAY && current.slTaken < MAX_STOPLOSS_PER_DAY
        ? { ...day, thirdStoplossAt: isoFromMs(clock.now) }
        : day,
    dailyStats: {
      ...daily,
      wins: daily.wins + (isWin ? 1 : 0),
      losses: daily.losses + (isLoss ? 1 : 0),
      dailyProfit: sumUsd([daily.dailyProfit, gain]),
      dailyLoss: sumUsd([daily.dailyLoss, loss]),
      dailyR: sumR([daily.dailyR, outcome.rMultiple ?? 0]),
    },
    totalStats: { ...totals, averageRR: averageRiskReward(totals) },
  };
  return ok(markDailyLossLimit(next, clock.now));
}
