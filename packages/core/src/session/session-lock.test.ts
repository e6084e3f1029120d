import { describe, expect, it } from 'vitest';
import { applyTradeOutcome } from '../risk/apply-outcome.js';
import {
  applyRiskSettings,
  defaultRiskState,
  realisedLossToday,
  recordTradeOpened,
  riskStateForDay,
} from '../risk/risk-state.js';
import type { RiskState } from '../schemas/risk.js';
import { sessionLock, touchGrass, requireOpenSession } from './session-lock.js';

const T0 = Date.parse('2025-03-10T12:00:00Z');
const MIN = 60_000;
const UTC = { timeZone: 'UTC' };

function closeAll(state: RiskState, outcomes: number[], now = T0): RiskState {
  return outcomes.reduce((s, pnlUsd) => {
    const r = applyTradeOutcome(
      s,
      { status: pnlUsd > 0 ? 'TARGET_HIT' : 'STOPLOSS_HIT', pnlUsd },
      { now },
    );
    if (!r.ok) throw new Error(r.message);
    return r.value;
  }, state);
}

const opened = (n: number, state = riskStateForDay(defaultRiskState(T0), T0)) =>
  Array.from({ length: n }).reduce<RiskState>((s) => recordTradeOpened(s, T0), state);

describe('sessionLock', () => {
  it.each([
    ['a fresh day is open', defaultRiskState(T0), null],
    ['two stoplosses leave it open', closeAll(defaultRiskState(T0), [-10, -10]), null],
    ['three stoplosses end it', closeAll(defaultRiskState(T0), [-10, -10, -10]), 'STOPLOSSES'],
    ['three trades opened end it', opened(3), 'DAILY_TRADES'],
    ['a net loss of $500 ends it', closeAll(defaultRiskState(T0), [-300, 100, -300]), 'DAILY_LOSS'],
    ['a loss of $499.99 leaves it open', closeAll(defaultRiskState(T0), [-499.99]), null],
  ])('%s', (_scenario, state, reason) => {
    const lock = sessionLock(state, { now: T0 + MIN, ...UTC });
    expect(lock.ended ? lock.reason : null).toBe(reason);
  });

  it('says why and when trading opens again', () => {
    const lock = sessionLock(opened(3), { now: T0, ...UTC });
    expect(lock).toMatchObject({
      ended: true,
      reopensAt: '2025-03-11T00:00:00.000Z',
      grassAt: null,
      message:
        'You have reached your limit of 3 trades for today. Trading opens again tomorrow at 00:00 (UTC).',
    });
    const loss = sessionLock(closeAll(defaultRiskState(T0), [-500]), { now: T0, ...UTC });
    expect(loss.ended && loss.message).toBe(
      'You have reached your daily loss limit of $500. Trading opens again tomorrow at 00:00 (UTC).',
    );
  });

  it('names every binding rule and offers the grass only when it would reopen trading', () => {
    // The case: three trades taken, all three stopped out, default limits.
    const state = closeAll(opened(3), [-10, -10, -10]);
    const lock = sessionLock(state, { now: T0 + MIN, ...UTC });
    expect(lock).toMatchObject({
      ended: true,
      reason: 'STOPLOSSES',
      reopensAt: '2025-03-11T00:00:00.000Z',
      grassAt: null,
      message:
        'You have reached the maximum number of stoploss trades for today and your limit of 3 trades for today. Trading opens again tomorrow at 00:00 (UTC).',
    });
    expect(lock.ended && lock.message).not.toMatch(/grass/);
    // The grass question, answered anyway, says why it opens nothing and changes nothing.
    const grass = touchGrass(state, { now: T0 + 2 * 60 * MIN, ...UTC });
    expect(grass).toMatchObject({
      ok: false,
      code: 'COOLDOWN',
      message:
        'Touching grass would not reopen trading: you have also reached your limit of 3 trades for today. The session reopens tomorrow at 00:00 (UTC).',
      details: { reason: 'DAILY_TRADES', reopensAt: '2025-03-11T00:00:00.000Z' },
    });
    // With the loss limit reached as well, all three are named.
    const all = closeAll(opened(3), [-200, -200, -200]);
    const three = sessionLock(all, { now: T0 + MIN, ...UTC });
    expect(three.ended && three.message).toBe(
      'You have reached the maximum number of stoploss trades for today, your limit of 3 trades for today and your daily loss limit of $500. Trading opens again tomorrow at 00:00 (UTC).',
    );
  });

  it('after three stoplosses offers the grass reset once the cooldown is over', () => {
    const ended = closeAll(defaultRiskState(T0), [-10, -10, -10]);
    const lock = sessionLock(ended, { now: T0 + 5 * MIN, ...UTC });
    expect(lock).toMatchObject({ ended: true, grassAt: '2025-03-10T13:00:00.000Z' });
    expect(lock.ended && lock.message).toBe(
      'You have reached the maximum number of stoploss trades for today. Trading opens again tomorrow at 00:00 (UTC), or at 13:00 (UTC) once you have touched some grass.',
    );
  });

  it('the next trading day opens it again', () => {
    const next = sessionLock(opened(3), { now: Date.parse('2025-03-11T00:00:00Z'), ...UTC });
    expect(next.ended).toBe(false);
    expect(next.state.dailyStats.trades).toBe(0);
  });

  it('a time-zone change does not empty the day', () => {
    const justAfterMidnightInTokyo = Date.parse('2025-03-10T15:30:00Z');
    const lock = sessionLock(opened(3), { now: justAfterMidnightInTokyo, timeZone: 'Asia/Tokyo' });
    expect(lock.ended && lock.reason).toBe('DAILY_TRADES');
  });

  it('loosening the trade limit waits for the next day; tightening applies at once', () => {
    const loosened = applyRiskSettings(opened(3), { maxTradesPerDay: 5 }, T0);
    expect(sessionLock(loosened, { now: T0, ...UTC }).ended).toBe(true);
    const tightened = applyRiskSettings(opened(2), { maxTradesPerDay: 2 }, T0);
    expect(sessionLock(tightened, { now: T0, ...UTC }).ended).toBe(true);
    const lowerLoss = applyRiskSettings(
      closeAll(defaultRiskState(T0), [-200]),
      { maxDailyLoss: 150 },
      T0,
    );
    expect(sessionLock(lowerLoss, { now: T0, ...UTC })).toMatchObject({ reason: 'DAILY_LOSS' });
  });

  it('requireOpenSession refuses with reason and reopensAt', () => {
    expect(requireOpenSession(opened(3), { now: T0, ...UTC })).toMatchObject({
      ok: false,
      code: 'SESSION_ENDED',
      details: { reason: 'DAILY_TRADES', reopensAt: '2025-03-11T00:00:00.000Z' },
    });
  });

  it('once the loss limit is reached, a later win does not reopen the day', () => {
    const hit = closeAll(defaultRiskState(T0), [-500]);
    const recovered = closeAll(hit, [300]);
    expect(realisedLossToday(recovered)).toBe(200);
    expect(sessionLock(recovered, { now: T0 + MIN, ...UTC })).toMatchObject({
      ended: true,
      reason: 'DAILY_LOSS',
    });
    expect(sessionLock(recovered, { now: Date.parse('2025-03-11T00:00:00Z'), ...UTC }).ended).toBe(
      false,
    );
  });

  it('compares the loss exactly: $512.04 lost and $12.04 won is $500', () => {
    const state = closeAll(defaultRiskState(T0), [12.04, -512.04]);
    expect(realisedLossToday(state)).toBe(500);
    expect(sessionLock(state, { now: T0, ...UTC })).toMatchObject({ reason: 'DAILY_LOSS' });
  });

  it("a loss limit tightened below today's loss ends the day for good", () => {
    const state = closeAll(defaultRiskState(T0), [-200]);
    const tightened = applyRiskSettings(state, { maxDailyLoss: 150 }, T0);
    const recovered = closeAll(tightened, [100]);
    expect(sessionLock(recovered, { now: T0, ...UTC })).toMatchObject({ reason: 'DAILY_LOSS' });
  });

  it('counts the net realised loss of the day', () => {
    expect(realisedLossToday(closeAll(defaultRiskState(T0), [300, -100]))).toBe(0);
    expect(realisedLossToday(closeAll(defaultRiskState(T0), [-300, 100]))).toBe(200);
  });
});

describe('touchGrass', () => {
  const ended = closeAll(defaultRiskState(T0), [-10, -10, -10]);

  it('refuses during the cooldown with when it reopens', () => {
    expect(touchGrass(ended, { now: T0 + 10 * MIN, ...UTC })).toEqual({
      ok: false,
      code: 'COOLDOWN',
      message: 'Not yet — the session reopens at 13:00 (UTC).',
      details: { reason: 'STOPLOSSES', reopensAt: '2025-03-10T13:00:00.000Z' },
    });
  });

  it('resets the counter after the cooldown, once per trading day', () => {
    const reset = touchGrass(ended, { now: T0 + 60 * MIN, ...UTC });
    expect(reset.ok && reset.value.slTaken).toBe(0);
    if (!reset.ok) return;
    const again = closeAll(reset.value, [-10, -10, -10], T0 + 70 * MIN);
    expect(touchGrass(again, { now: T0 + 300 * MIN, ...UTC })).toMatchObject({
      ok: false,
      code: 'COOLDOWN',
      message: 'Grass already touched today — the session reopens tomorrow at 00:00 (UTC).',
    });
  });

  it('has nothing to reset below three stoplosses', () => {
    const state = closeAll(defaultRiskState(T0), [-10]);
    const result = touchGrass(state, { now: T0, ...UTC });
    expect(result.ok && result.value.slTaken).toBe(1);
  });
});
