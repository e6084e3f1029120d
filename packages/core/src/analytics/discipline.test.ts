import { describe, expect, it } from 'vitest';
import { discipline, isBelowTier, isColdStreak } from './discipline.js';
import { FIXTURE } from './fixture.test-data.js';

/** The fixture with t3 and t6 given a hand-moved target, and t2 and t3 opened on a losing run. */
const MARKED = FIXTURE.map((t) => ({
  ...t,
  targetManual: t.id === 't3' || t.id === 't6',
  streakAtOpen: t.id === 't2' || t.id === 't3' ? -1 : t.id === 't5' ? null : 1,
}));

describe('discipline', () => {
  it('splits the fixture by the tier R/R (every trade planned 2R/R: tier 3 is below)', () => {
    const report = discipline(MARKED);
    // below: t1 (+2R, $40) and t3 (-1R, -$25); followed: t2 -1, t4 +3, t5 0, t6 -0.5.
    expect(report.belowTier).toMatchObject({
      trades: 2,
      winRate: 0.5,
      expectancyR: 0.5,
      pnlUsd: 15,
    });
    expect(report.followedTier).toMatchObject({
      trades: 4,
      winRate: 0.25,
      expectancyR: 0.375,
      pnlUsd: 30,
    });
  });

  it('splits by a target set by hand', () => {
    const report = discipline(MARKED);
    expect(report.manualTarget).toMatchObject({
      trades: 2,
      winRate: 0,
      expectancyR: -0.75,
      pnlUsd: -35,
    });
    expect(report.autoTarget).toMatchObject({
      trades: 4,
      winRate: 0.5,
      expectancyR: 1,
      pnlUsd: 80,
    });
  });

  it('splits by a losing streak at open; an unknown streak counts with the rest', () => {
    const report = discipline(MARKED);
    expect(report.coldStreak).toMatchObject({
      trades: 2,
      winRate: 0,
      expectancyR: -1,
      pnlUsd: -45,
    });
    expect(report.notColdStreak).toMatchObject({
      trades: 4,
      winRate: 0.5,
      expectancyR: 1.125,
      pnlUsd: 90,
    });
  });

  it('has empty groups without trades', () => {
    const empty = {
      trades: 0,
      winRate: null,
      expectancyR: null,
      pnlUsd: 0,
      winRateCi: null,
      expectancyRCi: null,
    };
    expect(discipline([])).toEqual({
      followedTier: empty,
      belowTier: empty,
      autoTarget: empty,
      manualTarget: empty,
      coldStreak: empty,
      notColdStreak: empty,
    });
  });

  it.each([
    [1.99, 2, true],
    [1.996, 2, false],
    [2, 2, false],
    [3, 2, false],
    [1, 1, false],
  ])('R/R %s on tier %s is below: %s', (riskRewardRatio, tier, below) => {
    expect(isBelowTier({ riskRewardRatio, tier })).toBe(below);
  });

  it.each([
    [-3, true],
    [-1, true],
    [0, false],
    [2, false],
    [null, false],
  ])('streak %s is cold: %s', (streakAtOpen, cold) => {
    expect(isColdStreak({ streakAtOpen })).toBe(cold);
  });
});
