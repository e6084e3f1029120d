import { formatUsd } from '../format/money.js';
import { fail, ok, type Result } from '../result.js';
import { isoFromMs, realisedLossToday, riskStateForDay } from '../risk/risk-state.js';
import { DEFAULT_TIME_ZONE } from '../risk/trading-day.js';
import type { RiskState, TradingDay } from '../schemas/risk.js';
import { MAX_STOPLOSS_PER_DAY } from '../stoploss/stoploss.js';
import { describeReopening } from './reopens-text.js';

/** Minutes after the third stoploss before "Did you touch some grass? Yes" may reset it. */
export const GRASS_COOLDOWN_MINUTES = 60;
const GRASS_COOLDOWN_MS = GRASS_COOLDOWN_MINUTES * 60_000;

/** Why a session ended: 3 stoplosses, the day's trade limit, or the day's loss limit. */
export const SESSION_END_REASONS = ['STOPLOSSES', 'DAILY_TRADES', 'DAILY_LOSS'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** The session is open: new trades and live orders may go through. */
export interface SessionOpen {
  ended: false;
  /** The state rolled over to the trading day of `now`. */
  state: RiskState;
}

/** The session is ended: why, when it reopens, and the sentence to show. */
export interface SessionEnded {
  ended: true;
  reason: SessionEndReason;
  /** ISO instant the next trading day begins: trading opens again then. */
  reopensAt: string;
  /**
   * ISO instant from which the grass reset would reopen it: only when 3 stoplosses are all that
   * binds (the day's trades or loss keep it ended until the next day); else null.
   */
  grassAt: string | null;
  /** 'You have reached … Trading opens again tomorrow at 00:00 (UTC).' */
  message: string;
  state: RiskState;
}
export type SessionLock = SessionOpen | SessionEnded;

/** When and in which calendar the lock is read. */
export interface SessionClock {
  /** Epoch milliseconds. */
  now: number;
  /** The user's IANA zone; UTC by default. Only a new trading day takes it up. */
  timeZone?: string;
}

/** Every rule that ends the session now, stoplosses first. */
function endReasons(state: RiskState): SessionEndReason[] {
  const reasons: SessionEndReason[] = [];
  if (state.slTaken >= MAX_STOPLOSS_PER_DAY) reasons.push('STOPLOSSES');
  if (state.dailyStats.trades >= state.settings.maxTradesPerDay) reasons.push('DAILY_TRADES');
  if (state.tradingDay?.dailyLossHitAt || realisedLossToday(state) >= state.settings.maxDailyLoss) {
    reasons.push('DAILY_LOSS');
  }
  return reasons;
}

/** When the cooldown ends: 60 minutes after the third stoploss (a state from before it was
 * recorded counts from its last update, when that stoploss was applied). */
function cooldownEnd(state: RiskState, day: TradingDay): number {
  return Date.parse(day.thirdStoplossAt ?? state.lastUpdate) + GRASS_COOLDOWN_MS;
}

/** When the grass reset becomes possible today, or null when it is not (used, or too late). */
function grassInstant(state: RiskState, day: TradingDay): number | null {
  if (day.grassResetAt) return null;
  const at = cooldownEnd(state, day);
  return at < Date.parse(day.endsAt) ? at : null;
}

/** What one rule reached, without "You have reached" ('your limit of 3 trades for today'). */
function reachedText(reason: SessionEndReason, state: RiskState): string {
  if (reason === 'STOPLOSSES') return 'the maximum number of stoploss trades for today';
  if (reason === 'DAILY_TRADES') {
    const max = state.settings.maxTradesPerDay;
    return `your limit of ${max} trade${max === 1 ? '' : 's'} for today`;
  }
  return `your daily loss limit of ${formatUsd(state.settings.maxDailyLoss)}`;
}

/** 'You have reached A.' or 'You have reached A and B.' (every rule that binds). */
function reasonsText(reasons: readonly SessionEndReason[], state: RiskState): string {
  const parts = reasons.map((reason) => reachedText(reason, state));
  const list =
    parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `You have reached ${list}.`;
}

/**
 * The one rule of the session lock (DESIGN.md section 7), used by the server for trades and
 * live orders and by the web for banners and disabled forms. Rolls the state over to the
 * trading day of `now`, then the session is ended when any holds:
 * - `slTaken >= 3`: until the next trading day, or the grass reset after the cooldown;
 * - trades opened today `>= maxTradesPerDay`;
 * - net realised loss today (USD) `>= maxDailyLoss`, or it reached the limit earlier today.
 */
export function sessionLock(state: RiskState, clock: SessionClock): SessionLock {
  const timeZone = clock.timeZone ?? DEFAULT_TIME_ZONE;
  const current = riskStateForDay(state, clock.now, timeZone);
  const reasons = endReasons(current);
  const reason = reasons[0];
  if (!reason) return { ended: false, state: current };
  const day = current.tradingDay as TradingDay;
  const dayZone = day.timeZone;
  const reopens = Date.parse(day.endsAt);
  // The grass reset reopens trading only when the stoplosses are all that binds: with the
  // day's trades or loss also reached, it would reset a counter and open nothing.
  const grass = reasons.length === 1 && reason === 'STOPLOSSES' ? grassInstant(current, day) : null;
  const when = describeReopening(reopens, clock.now, dayZone);
  const grassText =
    grass === null
      ? ''
      : grass <= clock.now
        ? ', or now if you have touched some grass'
        : `, or ${describeReopening(grass, clock.now, dayZone)} once you have touched some grass`;
  return {
    ended: true,
    reason,
    reopensAt: day.endsAt,
    grassAt: grass === null ? null : isoFromMs(grass),
    message: `${reasonsText(reasons, current)} Trading opens again ${when}${grassText}.`,
    state: current,
  };
}

/**
 * Refuses with 403 SESSION_ENDED (carrying `reason` and `reopensAt`) while the session is
 * ended; else the state rolled over to today.
 */
export function requireOpenSession(
  state: RiskState,
  clock: SessionClock,
): Result<RiskState, 'SESSION_ENDED'> {
  const lock = sessionLock(state, clock);
  if (!lock.ended) return ok(lock.state);
  return fail('SESSION_ENDED', lock.message, undefined, {
    reason: lock.reason,
    reopensAt: lock.reopensAt,
  });
}

/**
 * "Did you touch some grass? Yes" (POST reset-sl): resets `slTaken` to 0 once the cooldown of
 * 60 minutes after the third stoploss has passed, at most once per trading day. Before that,
 * or a second time, it refuses with 409 COOLDOWN and `reopensAt`. With fewer than 3
 * stoplosses there is nothing to reset and the state is returned as it is.
 */
export function touchGrass(state: RiskState, clock: SessionClock): Result<RiskState, 'COOLDOWN'> {
  const current = riskStateForDay(state, clock.now, clock.timeZone ?? DEFAULT_TIME_ZONE);
  if (current.slTaken < MAX_STOPLOSS_PER_DAY) return ok(current);
  const day = current.tradingDay as TradingDay;
  const zone = day.timeZone;
  if (day.grassResetAt) {
    const when = describeReopening(Date.parse(day.endsAt), clock.now, zone);
    return fail(
      'COOLDOWN',
      `Grass already touched today — the session reopens ${when}.`,
      undefined,
      {
        reason: 'STOPLOSSES',
        reopensAt: day.endsAt,
      },
    );
  }
  const others = endReasons(current).filter((reason) => reason !== 'STOPLOSSES');
  const other = others[0];
  if (other !== undefined) {
    const when = describeReopening(Date.parse(day.endsAt), clock.now, zone);
    return fail(
      'COOLDOWN',
      `Touching grass would not reopen trading: you have also reached ${others
        .map((reason) => reachedText(reason, current))
        .join(' and ')}. The session reopens ${when}.`,
      undefined,
      { reason: other, reopensAt: day.endsAt },
    );
  }
  const grass = cooldownEnd(current, day);
  if (clock.now < grass) {
    const at = Math.min(grass, Date.parse(day.endsAt));
    return fail(
      'COOLDOWN',
      `Not yet — the session reopens ${describeReopening(at, clock.now, zone)}.`,
      undefined,
      { reason: 'STOPLOSSES', reopensAt: isoFromMs(at) },
    );
  }
  return ok({
    ...current,
    slTaken: 0,
    lastUpdate: isoFromMs(clock.now),
    tradingDay: { ...day, grassResetAt: isoFromMs(clock.now) },
  });
}
