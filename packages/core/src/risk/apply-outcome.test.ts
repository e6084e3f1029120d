import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RiskState } from '../schemas/risk.js';
import { RiskStateSchema } from '../schemas/risk.js';
import { stoplossTexts } from '../stoploss/stoploss.js';
import { applyTradeOutcome, averageRiskReward, type TradeOutcome } from './apply-outcome.js';
import { defaultRiskState } from './risk-state.js';

const T0 = Date.parse('2025-03-10T12:00:00Z');
const win = (pnlUsd = 20): TradeOutcome => ({ status: 'TARGET_HIT', pnlUsd });
const loss = (pnlUsd = -10): TradeOutcome => ({ status: 'STOPLOSS_HIT', pnlUsd });

function run(
  outcomes: TradeOutcome[],
  start: RiskState = defaultRiskState(T0),
  now = T0,
): RiskState {
  return outcomes.reduce((state, outcome) => {
    const result = applyTradeOutcome(state, outcome, { now });
    if (!result.ok) throw new Error(result.message);
    return result.value;
  }, start);
}

describe('applyTradeOutcome', () => {
  it('a win raises the streak, the percentage and the counters', () => {
    const state = run([win(20)]);
    expect(state).toMatchObject({ tradeStreak: 1, currentPercentage: 12, slTaken: 0 });
    expect(state.dailyStats).toEqual({
      lastTradeDate: '2025-03-10',
      trades: 0,
      wins: 1,
      losses: 0,
      dailyProfit: 20,
      dailyLoss: 0,
      dailyR: 0,
      offPlanTrades: 0,
      offPlanPnlUsd: 0,
    });
    expect(state.totalStats).toEqual({
      trades: 1,
      wins: 1,
      losses: 0,
      totalGain: 20,
      totalRisk: 0,
      totalReward: 20,
      averageRR: 0,
    });
  });

  it('a stoploss lowers the streak and counts a stoploss', () => {
    const state = run([loss(-10)]);
    expect(state).toMatchObject({ tradeStreak: -1, currentPercentage: 8, slTaken: 1 });
    expect(state.dailyStats).toMatchObject({ trades: 0, losses: 1, dailyLoss: 10, dailyProfit: 0 });
    expect(state.totalStats).toMatchObject({ totalGain: -10, totalRisk: 10, totalReward: 0 });
  });

  it('average R/R is the average win over the average loss', () => {
    const state = run([win(30), loss(-10), win(10)]);
    expect(state.totalStats.averageRR).toBe(2);
    expect(state.tradeStreak).toBe(1);
  });

  it('three wins reach COOKING and a fourth stays there', () => {
    expect(run([win(), win(), win(), win()]).tradeStreak).toBe(3);
  });

  it('a fourth stoploss on the same day is refused with SESSION_ENDED', () => {
    const ended = run([loss(), loss(), loss()]);
    expect(ended.slTaken).toBe(3);
    expect(applyTradeOutcome(ended, loss(), { now: T0 + 1000 })).toEqual({
      ok: false,
      code: 'SESSION_ENDED',
      message: stoplossTexts.sessionEndedAlert,
      details: { reason: 'STOPLOSSES', reopensAt: '2025-03-11T00:00:00.000Z' },
    });
  });

  it('a stop filled on the exchange after the third is still recorded: the money is lost', () => {
    const ended = run([loss(), loss(), loss()]);
    const fourth = applyTradeOutcome(ended, { ...loss(), fromExchange: true }, { now: T0 + 1000 });
    expect(fourth.ok).toBe(true);
    if (!fourth.ok) return;
    expect(fourth.value.slTaken).toBe(3);
    expect(fourth.value.dailyStats.losses).toBe(ended.dailyStats.losses + 1);
    expect(fourth.value.dailyStats.dailyLoss).toBeGreaterThan(ended.dailyStats.dailyLoss);
    // The grass cooldown keeps the time of the third stoploss.
    expect(fourth.value.tradingDay?.thirdStoplossAt).toBe(ended.tradingDay?.thirdStoplossAt);
  });

  it('the third stoploss starts the grass cooldown', () => {
    const ended = run([loss(), loss()]);
    const third = applyTradeOutcome(ended, loss(), { now: T0 + 5000 });
    expect(third.ok && third.value.tradingDay?.thirdStoplossAt).toBe(
      new Date(T0 + 5000).toISOString(),
    );
  });

  it("adds the trade's R to today's R", () => {
    const state = run([
      { status: 'TARGET_HIT', pnlUsd: 66.67, rMultiple: 2 },
      { status: 'STOPLOSS_HIT', pnlUsd: -33.33, rMultiple: -1 },
    ]);
    expect(state.dailyStats.dailyR).toBe(1);
  });

  it('sums money exactly', () => {
    const state = run([win(0.1), win(0.2), loss(-0.3)]);
    expect(state.totalStats).toMatchObject({ totalGain: 0, totalReward: 0.3, totalRisk: 0.3 });
  });

  it('a target hit is still recorded after the session ended', () => {
    const result = applyTradeOutcome(run([loss(), loss(), loss()]), win(), { now: T0 + 1000 });
    expect(result.ok && result.value.totalStats.wins).toBe(1);
  });

  it('the next trading day starts with no stoploss and fresh daily counters', () => {
    const nextDay = Date.parse('2025-03-11T08:00:00Z');
    const result = applyTradeOutcome(run([loss(), loss(), loss()]), loss(), { now: nextDay });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.slTaken).toBe(1);
    expect(result.value.dailyStats).toMatchObject({
      lastTradeDate: '2025-03-11',
      trades: 0,
      losses: 1,
    });
    expect(result.value.totalStats.losses).toBe(4);
  });

  it('the trading day follows the given time zone', () => {
    const result = applyTradeOutcome(defaultRiskState(T0), win(), {
      now: Date.parse('2025-03-10T23:30:00Z'),
      timeZone: 'Asia/Tokyo',
    });
    expect(result.ok && result.value.dailyStats.lastTradeDate).toBe('2025-03-11');
  });

  it('throws on a non-finite P/L (a programmer error)', () => {
    expect(() => applyTradeOutcome(defaultRiskState(T0), win(Number.NaN), { now: T0 })).toThrow(
      RangeError,
    );
  });

  const cents = (x: number) => Math.round(x * 100) / 100;
  const outcome = fc.oneof(
    fc.double({ min: 0, max: 1e6, noNaN: true }).map((x) => win(cents(x))),
    fc.double({ min: -1e6, max: 0, noNaN: true }).map((x) => loss(cents(x))),
    fc.double({ min: -1e-300, max: 1e-300, noNaN: true }).map((x) => (x >= 0 ? win(x) : loss(x))),
  );

  it('keeps its invariants over any sequence of outcomes', () => {
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 30 }), (outcomes) => {
        let state = defaultRiskState(T0);
        for (const o of outcomes) {
          const result = applyTradeOutcome(state, o, { now: T0 });
          if (!result.ok) {
            expect(state.slTaken).toBe(3);
            expect(o.status).toBe('STOPLOSS_HIT');
            continue;
          }
          state = result.value;
        }
        const t = state.totalStats;
        expect(t.wins + t.losses).toBe(t.trades);
        expect(t.totalGain).toBeCloseTo(t.totalReward - t.totalRisk, 3);
        expect(state.tradeStreak).toBeGreaterThanOrEqual(-3);
        expect(state.tradeStreak).toBeLessThanOrEqual(3);
        expect(state.currentPercentage).toBe(10 + 2 * state.tradeStreak);
        expect(state.slTaken).toBe(Math.min(3, state.dailyStats.losses));
        expect(RiskStateSchema.safeParse(state).success).toBe(true);
      }),
    );
  });
});

describe('a break-even close (0R: a stop moved to the entry and hit)', () => {
  const breakEven: TradeOutcome = { status: 'TARGET_HIT', pnlUsd: 0, rMultiple: 0 };

  it('is neither a win nor a stoploss: the streak and the stoplosses stay, the trade counts', () => {
    const before = run([win(), loss(), loss()]);
    const after = run([breakEven], before);
    expect(after).toMatchObject({ tradeStreak: before.tradeStreak, slTaken: 2 });
    expect(after.dailyStats).toMatchObject({ wins: 1, losses: 2 });
    expect(after.totalStats.trades).toBe(before.totalStats.trades + 1);
  });

  it('is recorded after the third stoploss, when a loss is refused', () => {
    const ended = run([loss(), loss(), loss()]);
    expect(applyTradeOutcome(ended, { ...loss(), rMultiple: -0.3 }, { now: T0 }).ok).toBe(false);
    expect(applyTradeOutcome(ended, breakEven, { now: T0 })).toMatchObject({ ok: true });
  });

  it('a loss of a fraction of R is a loss: a stoploss for the counter', () => {
    expect(run([{ status: 'STOPLOSS_HIT', pnlUsd: -4, rMultiple: -0.4 }]).slTaken).toBe(1);
  });
});

describe('averageRiskReward', () => {
  it.each([
    ['no trades', { trades: 0, wins: 0, losses: 0, totalGain: 0, totalRisk: 0, totalReward: 0 }, 0],
    [
      'wins only',
      { trades: 2, wins: 2, losses: 0, totalGain: 30, totalRisk: 0, totalReward: 30 },
      0,
    ],
    [
      'two wins of 15 against one loss of 10',
      { trades: 3, wins: 2, losses: 1, totalGain: 20, totalRisk: 10, totalReward: 30 },
      1.5,
    ],
  ])('%s', (_scenario, stats, expected) => {
    expect(averageRiskReward(stats)).toBe(expected);
  });
});
