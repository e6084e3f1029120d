import { describe, expect, it } from 'vitest';
import { equityCurve, maxDrawdown, rDistribution } from './curve.js';
import { FIXTURE, trade } from './fixture.test-data.js';

describe('equityCurve', () => {
  it('adds R and USD in close order, one point per closed trade', () => {
    // R: 2, 2-1=1, 1-1=0, 0+3=3, 3+0=3, 3-0.5=2.5; USD: 40, 20, -5, 55, 55, 45
    expect(equityCurve(FIXTURE)).toEqual([
      { tradeId: 't1', closedAt: '2026-01-05T23:00:00.000Z', cumulativeR: 2, cumulativeUsd: 40 },
      { tradeId: 't2', closedAt: '2026-01-06T23:00:00.000Z', cumulativeR: 1, cumulativeUsd: 20 },
      { tradeId: 't3', closedAt: '2026-01-07T23:00:00.000Z', cumulativeR: 0, cumulativeUsd: -5 },
      { tradeId: 't4', closedAt: '2026-01-08T23:00:00.000Z', cumulativeR: 3, cumulativeUsd: 55 },
      { tradeId: 't5', closedAt: '2026-01-09T23:00:00.000Z', cumulativeR: 3, cumulativeUsd: 55 },
      { tradeId: 't6', closedAt: '2026-01-10T23:00:00.000Z', cumulativeR: 2.5, cumulativeUsd: 45 },
    ]);
  });

  it('keeps sums exact (0.1 + 0.2 is 0.3)', () => {
    const curve = equityCurve([
      trade({ id: 'a', pnlUsd: 0.1, closedAt: '2026-01-01T00:00:00Z' }),
      trade({ id: 'b', pnlUsd: 0.2, closedAt: '2026-01-02T00:00:00Z' }),
    ]);
    expect(curve.at(-1)?.cumulativeUsd).toBe(0.3);
  });

  it('is empty without closed trades', () => {
    expect(equityCurve([])).toEqual([]);
  });
});

describe('maxDrawdown', () => {
  it.each([
    ['no values', [], 0],
    ['only rising', [1, 2, 3], 0],
    ['a first loss falls from the 0 peak', [-2, -1], 2],
    ['the deepest fall from a running peak', [3, 1, 4, 0, 2], 4],
  ])('%s', (_scenario, values, expected) => {
    expect(maxDrawdown(values)).toBe(expected);
  });
});

describe('rDistribution', () => {
  it('counts the fixture in buckets centred on whole R, all eight present', () => {
    // R values 2, -1, -1, 3, 0, -0.5
    expect(rDistribution(FIXTURE)).toEqual([
      { from: null, to: -2.5, count: 0 },
      { from: -2.5, to: -1.5, count: 0 }, // about -2R
      { from: -1.5, to: -0.5, count: 2 }, // about -1R: the two full stops
      { from: -0.5, to: 0.5, count: 2 }, // about 0R: -0.5 and the breakeven
      { from: 0.5, to: 1.5, count: 0 },
      { from: 1.5, to: 2.5, count: 1 }, // 2
      { from: 2.5, to: 3.5, count: 1 }, // 3
      { from: 3.5, to: null, count: 0 },
    ]);
  });

  it.each([
    ['a full stop', -1, 2],
    ['a stop with slippage', -1.05, 2],
    ['a stop moved halfway', -0.5, 3],
    ['breakeven', 0, 3],
    ['a target at 2R', 2, 5],
    ['just under 2.5R', 2.4999, 5],
    ['far below', -5, 0],
    ['far above', 12, 7],
  ])('%s (%sR) falls in bucket %s', (_scenario, rMultiple, index) => {
    const counts = rDistribution([trade({ id: 'a', rMultiple })]).map((b) => b.count);
    expect(counts.indexOf(1)).toBe(index);
  });
});
