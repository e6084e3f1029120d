import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { excursionsReport, medianR } from './excursions.js';
import { trade } from './fixture.test-data.js';
import { analyze } from './report.js';

const closedAt = (i: number) => `2026-01-05T1${i}:00:00.000Z`;

describe('excursionsReport', () => {
  // Planned 2R/R (tier 2) unless named; MFE >= R >= MAE as tradeExcursions gives.
  const trades = [
    // Winners: MAE -0.1, -0.3, -0.6, -0.2, -1.2 -> median -0.3.
    trade({ id: 'w1', rMultiple: 2, pnlUsd: 20, mfeR: 3.1, maeR: -0.1, closedAt: closedAt(1) }),
    trade({ id: 'w2', rMultiple: 2, pnlUsd: 20, mfeR: 2, maeR: -0.3, closedAt: closedAt(2) }),
    trade({ id: 'w3', rMultiple: 1.5, pnlUsd: 15, mfeR: 2.4, maeR: -0.6, closedAt: closedAt(3) }),
    trade({ id: 'w4', rMultiple: 3, pnlUsd: 30, mfeR: 3.2, maeR: -0.2, closedAt: closedAt(4) }),
    trade({ id: 'w5', rMultiple: 0.5, pnlUsd: 5, mfeR: 0.8, maeR: -1.2, closedAt: closedAt(5) }),
    // A loser that had reached its target first (came back); one without excursions.
    trade({ id: 'l1', rMultiple: -1, pnlUsd: -10, mfeR: 2.1, maeR: -1, closedAt: closedAt(6) }),
    trade({ id: 'l2', rMultiple: -1, pnlUsd: -10, closedAt: closedAt(7) }),
    // Off-plan (no R) and OPEN trades are left out.
    trade({ id: 'o1', source: 'offPlan', rMultiple: 0, pnlUsd: 4, mfeR: 9, maeR: -9 }),
    trade({ id: 'open', status: 'OPEN', closedAt: null, rMultiple: null, pnlUsd: null }),
  ];

  it('counts the trades with and without excursions', () => {
    const report = excursionsReport(trades);
    expect(report.trades).toBe(6);
    expect(report.missing).toBe(1);
  });

  it("gives the winners' median MAE and how deep they went against", () => {
    const { winners } = excursionsReport(trades);
    expect(winners.trades).toBe(5);
    expect(winners.medianMaeR).toBe(-0.3);
    expect(winners.maeDistribution).toEqual([
      { from: 0, to: 0.25, count: 2 },
      { from: 0.25, to: 0.5, count: 1 },
      { from: 0.5, to: 0.75, count: 1 },
      { from: 0.75, to: 1, count: 0 },
      { from: 1, to: null, count: 1 },
    ]);
  });

  it("counts the trades that reached the next tier's target, and those that came back", () => {
    // Reached 2R: w1 (3.1), w2 (2), w3 (2.4), w4 (3.2), l1 (2.1); next (3R): w1, w4.
    // Came back below 2R after reaching it: w3 (1.5R), l1 (-1R).
    expect(excursionsReport(trades).nextTarget).toEqual({
      trades: 6,
      reachedTarget: 5,
      reachedNext: 2,
      extraR: 2,
      cameBack: 2,
    });
  });

  it('has no median under MIN_SAMPLE winners', () => {
    const report = excursionsReport(trades.slice(0, 4));
    expect(report.winners.trades).toBe(4);
    expect(report.winners.medianMaeR).toBeNull();
  });

  it('is part of the whole report', () => {
    expect(analyze(trades, 'UTC').excursions).toEqual(excursionsReport(trades));
  });

  it('buckets every winner once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -5, max: 0, noNaN: true }), { maxLength: 30 }),
        (maes) => {
          const list = maes.map((maeR, i) =>
            trade({ id: `t${i}`, rMultiple: 1, pnlUsd: 1, mfeR: 1, maeR }),
          );
          const { winners } = excursionsReport(list);
          const total = winners.maeDistribution.reduce((sum, b) => sum + b.count, 0);
          expect(total).toBe(maes.length);
        },
      ),
    );
  });
});

describe('medianR', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(medianR([])).toBeNull();
    expect(medianR([-0.4, -0.1, -0.2])).toBe(-0.2);
    expect(medianR([-0.4, -0.1, -0.2, 0])).toBe(-0.15);
  });
});
