import { describe, expect, it } from 'vitest';
import {
  formatGain,
  formatWinrate,
  leaderboardRowFromTrades,
  riskRewardClass,
  sortLeaderboard,
  type LeaderboardRow,
} from './leaderboard.js';

describe('riskRewardClass', () => {
  it.each([
    [3, 'golden'],
    [4.2, 'golden'],
    [2.99, 'purple'],
    [1.5, 'purple'],
    [1.49, 'normal'],
    [1, 'normal'],
    [0.99, 'bad'],
    [Number.NaN, 'bad'],
  ])('R/R %f is %s', (rr, expected) => {
    expect(riskRewardClass(rr)).toBe(expected);
  });
});

describe('formatWinrate / formatGain', () => {
  it.each([
    [62.5, '62.5%'],
    [66.666, '66.7%'],
    [100, '100.0%'],
    [Number.NaN, '0.0%'],
  ])('winrate %f shows %s', (value, shown) => {
    expect(formatWinrate(value)).toBe(shown);
  });

  it.each([
    [12.5, '+$12.50'],
    [-3, '-$3.00'],
  ])('gain %f shows %s', (value, shown) => {
    expect(formatGain(value)).toBe(shown);
  });
});

describe('leaderboardRowFromTrades', () => {
  const user = { id: 'u1', username: 'alice', isPremium: true };

  it('counts closed trades only', () => {
    const row = leaderboardRowFromTrades(user, [
      { status: 'TARGET_HIT', pnlUsd: 20, riskRewardRatio: 2 },
      { status: 'TARGET_HIT', pnlUsd: 30.004, riskRewardRatio: 3 },
      { status: 'STOPLOSS_HIT', pnlUsd: -10, riskRewardRatio: 2.5 },
      { status: 'OPEN', pnlUsd: null, riskRewardRatio: 5 },
    ]);
    expect(row).toEqual({
      ...user,
      totalTrades: 3,
      winrate: 66.7,
      totalGain: 40,
      riskRewardRatio: 2.5,
    });
  });

  it('gives zeros to a trader without closed trades', () => {
    expect(
      leaderboardRowFromTrades(user, [{ status: 'OPEN', pnlUsd: null, riskRewardRatio: 2 }]),
    ).toEqual({
      ...user,
      totalTrades: 0,
      winrate: 0,
      totalGain: 0,
      riskRewardRatio: 0,
    });
  });

  it('ignores missing P/L and R/R values', () => {
    const row = leaderboardRowFromTrades(user, [
      { status: 'STOPLOSS_HIT', pnlUsd: null, riskRewardRatio: null },
    ]);
    expect(row).toMatchObject({ totalTrades: 1, winrate: 0, totalGain: 0, riskRewardRatio: 0 });
  });
});

describe('sortLeaderboard', () => {
  const row = (
    username: string,
    totalTrades: number,
    winrate: number,
    totalGain: number,
    rr: number,
  ): LeaderboardRow => ({
    id: username,
    username,
    isPremium: false,
    totalTrades,
    winrate,
    totalGain,
    riskRewardRatio: rr,
  });
  const rows = [row('bob', 10, 50, 100, 2), row('amy', 5, 80, -20, 3), row('cat', 20, 50, 40, 1)];

  it.each([
    ['trades', ['cat', 'bob', 'amy']],
    ['winrate', ['amy', 'bob', 'cat']],
    ['gain', ['bob', 'cat', 'amy']],
    ['rr', ['amy', 'bob', 'cat']],
  ] as const)('by %s, highest first, ties by name', (key, expected) => {
    expect(sortLeaderboard(rows, key).map((r) => r.username)).toEqual(expected);
  });

  it('ascending when asked, without changing the input', () => {
    expect(sortLeaderboard(rows, 'gain', 'asc').map((r) => r.username)).toEqual([
      'amy',
      'cat',
      'bob',
    ]);
    expect(rows.map((r) => r.username)).toEqual(['bob', 'amy', 'cat']);
  });
});
