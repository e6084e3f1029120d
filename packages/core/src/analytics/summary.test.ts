import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usd } from '../units/units.js';
import { FIXTURE, trade } from './fixture.test-data.js';
import { summarize } from './summary.js';

describe('summarize', () => {
  it('computes every KPI of the hand-made fixture (the OPEN trade is ignored)', () => {
    const s = summarize(FIXTURE);
    expect(s.trades).toBe(6);
    expect(s.wins).toBe(2); // t1, t4
    expect(s.losses).toBe(3); // t2, t3, t6; t5 is breakeven
    expect(s.winRate).toBeCloseTo(2 / 6, 12);
    // R: 2 - 1 - 1 + 3 + 0 - 0.5 = 2.5; 2.5 / 6 = 0.41666.. -> 0.4167 (4 decimals)
    expect(s.totalR).toBe(2.5);
    expect(s.expectancyR).toBe(0.4167);
    // USD: 40 - 20 - 25 + 60 + 0 - 10 = 45; 45 / 6 = 7.5
    expect(s.totalUsd).toBe(45);
    expect(s.expectancyUsd).toBe(7.5);
    // gross win 40 + 60 = 100; gross loss 20 + 25 + 10 = 55; 100 / 55 = 1.8181..
    expect(s.profitFactor).toBeCloseTo(100 / 55, 12);
    // wins (2 + 3) / 2 = 2.5; losses (-1 - 1 - 0.5) / 3 = -0.8333..; payoff 2.5 / (2.5 / 3) = 3
    expect(s.avgWinR).toBe(2.5);
    expect(s.avgLossR).toBe(-0.8333);
    expect(s.payoffRatio).toBeCloseTo(3, 12);
    // cumulative R 2, 1, 0, 3, 3, 2.5: peak 2 -> low 0 = 2
    expect(s.maxDrawdownR).toBe(2);
    // cumulative USD 40, 20, -5, 55, 55, 45: peak 40 -> low -5 = 45
    expect(s.maxDrawdownUsd).toBe(45);
    // mean 0.416667; sum of squares 15.25 - 6 x 0.416667^2 = 14.208333; variance / 5 = 2.841667;
    // stdev 1.685724; sqrt(6) x 0.416667 / 1.685724 = 2.449490 x 0.416667 / 1.685724 = 0.605449
    expect(s.sqn).toBeCloseTo(0.605449, 5);
    // W L L W B L
    expect(s.longestWinStreak).toBe(1);
    expect(s.longestLossStreak).toBe(2);
  });

  it('answers zeros and nulls for no trades', () => {
    expect(summarize([])).toEqual({
      trades: 0,
      wins: 0,
      losses: 0,
      winRate: null,
      expectancyR: null,
      expectancyUsd: null,
      profitFactor: null,
      avgWinR: null,
      avgLossR: null,
      payoffRatio: null,
      totalR: 0,
      totalUsd: 0,
      maxDrawdownR: 0,
      maxDrawdownUsd: 0,
      sqn: null,
      longestWinStreak: 0,
      longestLossStreak: 0,
    });
  });

  it('all wins: no profit factor, no payoff, no drawdown', () => {
    const s = summarize([
      trade({ id: 'a', rMultiple: 1, pnlUsd: 10, closedAt: '2026-01-01T00:00:00Z' }),
      trade({ id: 'b', rMultiple: 3, pnlUsd: 30, closedAt: '2026-01-02T00:00:00Z' }),
    ]);
    expect(s).toMatchObject({ wins: 2, losses: 0, winRate: 1, profitFactor: null });
    expect(s).toMatchObject({ payoffRatio: null, avgLossR: null, maxDrawdownR: 0 });
    expect(s).toMatchObject({ longestWinStreak: 2, longestLossStreak: 0 });
    // mean 2, sample stdev sqrt(((1-2)^2 + (3-2)^2) / 1) = sqrt(2); sqn = sqrt(2) x 2 / sqrt(2) = 2
    expect(s.sqn).toBeCloseTo(2, 12);
  });

  it('all losses: profit factor 0, drawdown from the 0 peak', () => {
    const s = summarize([
      trade({ id: 'a', rMultiple: -1, pnlUsd: -10, closedAt: '2026-01-01T00:00:00Z' }),
      trade({ id: 'b', rMultiple: -1, pnlUsd: -15, closedAt: '2026-01-02T00:00:00Z' }),
    ]);
    expect(s).toMatchObject({ wins: 0, losses: 2, winRate: 0, profitFactor: 0 });
    expect(s).toMatchObject({ maxDrawdownR: 2, maxDrawdownUsd: 25, longestLossStreak: 2 });
    // every R is -1: stdev 0, so no SQN
    expect(s.sqn).toBeNull();
  });

  it('one trade: no SQN (N < 2)', () => {
    const s = summarize([trade({ id: 'a', rMultiple: -1, pnlUsd: -10 })]);
    expect(s).toMatchObject({ trades: 1, losses: 1, sqn: null, maxDrawdownUsd: 10 });
  });

  it('a breakeven counts in trades and expectancy, not as a win or a loss, and ends runs', () => {
    const s = summarize([
      trade({ id: 'a', rMultiple: 2, pnlUsd: 20, closedAt: '2026-01-01T00:00:00Z' }),
      trade({ id: 'b', rMultiple: 0, pnlUsd: 0, closedAt: '2026-01-02T00:00:00Z' }),
      trade({ id: 'c', rMultiple: 1, pnlUsd: 10, closedAt: '2026-01-03T00:00:00Z' }),
    ]);
    // (2 + 0 + 1) / 3 = 1; wins 2 of 3 trades
    expect(s).toMatchObject({ trades: 3, wins: 2, losses: 0, expectancyR: 1 });
    expect(s.winRate).toBeCloseTo(2 / 3, 12);
    expect(s.longestWinStreak).toBe(1);
  });

  const closedTrade = fc.record({
    r: fc.integer({ min: -30_000, max: 50_000 }).map((n) => n / 10_000),
    pnl: fc.integer({ min: -5_000_000_000, max: 5_000_000_000 }).map((n) => usd(n / 1_000_000)),
  });
  const tradesOf = (rows: { r: number; pnl: number }[]) =>
    rows.map((row, i) =>
      trade({
        id: `t${i}`,
        rMultiple: row.r,
        pnlUsd: row.pnl,
        closedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      }),
    );

  it('profit factor > 1 exactly when total USD > 0, when there is a loss', () => {
    fc.assert(
      fc.property(fc.array(closedTrade, { maxLength: 40 }), (rows) => {
        const s = summarize(tradesOf(rows));
        if (s.profitFactor === null) return;
        expect(s.profitFactor > 1).toBe(s.totalUsd > 0);
      }),
    );
  });

  it('drawdowns are never negative', () => {
    fc.assert(
      fc.property(fc.array(closedTrade, { maxLength: 40 }), (rows) => {
        const s = summarize(tradesOf(rows));
        expect(s.maxDrawdownR).toBeGreaterThanOrEqual(0);
        expect(s.maxDrawdownUsd).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('every figure is finite (the response schema refuses Infinity), whatever the signs', () => {
    fc.assert(
      fc.property(fc.array(closedTrade, { maxLength: 40 }), (rows) => {
        const s = summarize(tradesOf(rows));
        for (const value of Object.values(s)) {
          if (value !== null) expect(Number.isFinite(value)).toBe(true);
        }
      }),
    );
  });
});

describe('summarize when fees turn a target into a loss', () => {
  it('has no payoff ratio when the mean losing R is not below 0', () => {
    // (+2R, +$20) wins; (+0.1R, -$1) and (-0.1R, -$1) lose by their dollars: mean losing R 0.
    const s = summarize([
      trade({ id: 'a', rMultiple: 2, pnlUsd: 20, closedAt: '2026-01-05T10:00:00.000Z' }),
      trade({ id: 'b', rMultiple: 0.1, pnlUsd: -1, closedAt: '2026-01-05T11:00:00.000Z' }),
      trade({ id: 'c', rMultiple: -0.1, pnlUsd: -1, closedAt: '2026-01-05T12:00:00.000Z' }),
    ]);
    expect([s.wins, s.losses, s.avgLossR, s.payoffRatio]).toEqual([1, 2, 0, null]);
  });

  it('rounds the R drawdown to R decimals (0.3 - 0.2 is 0.1, not 0.10000000000000009)', () => {
    const s = summarize([
      trade({ id: 'a', rMultiple: 0.3, pnlUsd: 3, closedAt: '2026-01-05T10:00:00.000Z' }),
      trade({ id: 'b', rMultiple: -0.2, pnlUsd: -2, closedAt: '2026-01-05T11:00:00.000Z' }),
    ]);
    expect(s.maxDrawdownR).toBe(0.2);
    const t = summarize([
      trade({ id: 'a', rMultiple: 1.1, pnlUsd: 3, closedAt: '2026-01-05T10:00:00.000Z' }),
      trade({ id: 'b', rMultiple: -0.3, pnlUsd: -2, closedAt: '2026-01-05T11:00:00.000Z' }),
      trade({ id: 'c', rMultiple: -0.7, pnlUsd: -2, closedAt: '2026-01-05T12:00:00.000Z' }),
    ]);
    expect(t.maxDrawdownR).toBe(1);
  });
});
