import { describe, expect, it } from 'vitest';
import {
  compareGroups,
  enoughSample,
  meanInterval,
  MIN_SAMPLE,
  tQuantile95,
  wilsonInterval,
} from './sample.js';

describe('the sample rule', () => {
  it('needs five closed trades on every side', () => {
    expect(MIN_SAMPLE).toBe(5);
    expect(enoughSample(5)).toBe(true);
    expect(enoughSample(4)).toBe(false);
    expect(enoughSample(5, 12)).toBe(true);
    expect(enoughSample(12, 4)).toBe(false);
    expect(enoughSample()).toBe(false);
  });
});

describe('wilsonInterval (95 %)', () => {
  // By hand, z = 1.96: centre = (p + z²/2n) / (1 + z²/n),
  // half = z / (1 + z²/n) × sqrt(p(1 − p)/n + z²/4n²).
  it.each([
    // 3 of 5: centre 0.98416 / 1.76832 = 0.55654, half 1.96 / 1.76832 × 0.29397 = 0.32583
    [3, 5, 0.2307, 0.8824],
    // 2 of 3: centre 1.30691 / 2.28049 = 0.57308, half 0.85945 × 0.42518 = 0.36542
    [2, 3, 0.2077, 0.9385],
    // 1 of 4: centre 0.73018 / 1.96037 = 0.37247, half 0.99978 × 0.32690 = 0.32683
    [1, 4, 0.0456, 0.6994],
    // 5 of 5: not [1, 1] as p ± 1.96·√(p(1−p)/n) would say
    [5, 5, 0.5655, 1],
    [0, 2, 0, 0.6576],
  ])('%s wins of %s: %s to %s', (wins, trades, low, high) => {
    const ci = wilsonInterval(wins, trades);
    expect(ci?.low).toBeCloseTo(low, 4);
    expect(ci?.high).toBeCloseTo(high, 4);
  });

  it('is null without trades', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe('meanInterval (95 %, Student t)', () => {
  const interval = (values: number[]) =>
    meanInterval(
      values.length,
      values.reduce((s, v) => s + v, 0),
      values.reduce((s, v) => s + v * v, 0),
    );

  it('R of 2, -1, 3, -1, 0: 0.6 ± 2.776 × 1.8166 / √5', () => {
    // mean 0.6; squared deviations 1.96 + 2.56 + 5.76 + 2.56 + 0.36 = 13.2; s² = 13.2 / 4 = 3.3;
    // s = 1.81659; s / √5 = 0.81240; × t(4) 2.776 = 2.25523.
    const ci = interval([2, -1, 3, -1, 0]);
    expect(ci?.low).toBeCloseTo(-1.6552, 4);
    expect(ci?.high).toBeCloseTo(2.8552, 4);
  });

  it('two trades of the same R: zero wide', () => {
    expect(interval([1, 1])).toEqual({ low: 1, high: 1 });
  });

  it('is null under two trades', () => {
    expect(interval([2])).toBeNull();
    expect(interval([])).toBeNull();
  });

  it('t: the table to 30 degrees of freedom, close to 1.96 far above', () => {
    expect(tQuantile95(1)).toBe(12.706);
    expect(tQuantile95(4)).toBe(2.776);
    expect(tQuantile95(30)).toBe(2.042);
    // Exact quantiles: t(40) = 2.0211, t(120) = 1.9799.
    expect(tQuantile95(40)).toBeCloseTo(2.0211, 3);
    expect(tQuantile95(120)).toBeCloseTo(1.9799, 3);
    expect(tQuantile95(100_000)).toBeCloseTo(1.96, 3);
  });
});

describe('compareGroups', () => {
  const row = (key: string, trades: number, expectancyR: number | null) => ({
    key,
    trades,
    expectancyR,
  });

  it('names no best group from one or two trades', () => {
    expect(compareGroups([row('BTC', 1, 2), row('ETH', 2, 0.5)])).toEqual({ kind: 'notEnough' });
  });

  it('needs two groups with five trades each; thinner groups are left out', () => {
    const rows = [row('BTC', 5, 0.4), row('ETH', 1, 3), row('SOL', 6, -0.2)];
    expect(compareGroups(rows)).toEqual({
      kind: 'ranked',
      best: rows[0],
      worst: rows[2],
      leftOut: 1,
    });
    expect(compareGroups([row('BTC', 5, 0.4), row('ETH', 4, 3)])).toEqual({ kind: 'notEnough' });
  });

  it('one group only, or none', () => {
    expect(compareGroups([row('BTC', 2, 1)])).toEqual({ kind: 'single', only: row('BTC', 2, 1) });
    expect(compareGroups([])).toEqual({ kind: 'none' });
    expect(compareGroups([row('BTC', 0, null)])).toEqual({ kind: 'none' });
  });
});
