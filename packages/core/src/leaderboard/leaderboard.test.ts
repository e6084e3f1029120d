import { describe, expect, it } from 'vitest';
import {
  countedGainUsd,
  formatGain,
  LEADERBOARD_MAX_RR,
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
      { status: 'TARGET_HIT', pnlUsd: 20, riskRewardRatio: 2, rMultiple: 2, sizeUsd: 1000 },
      { status: 'TARGET_HIT', pnlUsd: 30.004, riskRewardRatio: 3, rMultiple: 9, sizeUsd: 1000 },
      { status: 'STOPLOSS_HIT', pnlUsd: -10, riskRewardRatio: 2.5, rMultiple: -1, sizeUsd: 1000 },
      { status: 'OPEN', pnlUsd: null, riskRewardRatio: 5, rMultiple: null, sizeUsd: 1000 },
    ]);
    // The R column is realised: (2 + 5 (a 9R capped at 5) - 1) / 3, not the planned 2.5.
    expect(row).toEqual({
      ...user,
      totalTrades: 3,
      winrate: 66.7,
      totalGain: 40,
      riskRewardRatio: 2.5,
      avgR: 2,
      verified: false,
    });
  });

  it('gives zeros to a trader without closed trades', () => {
    expect(
      leaderboardRowFromTrades(user, [
        { status: 'OPEN', pnlUsd: null, riskRewardRatio: 2, sizeUsd: 1000 },
      ]),
    ).toEqual({
      ...user,
      totalTrades: 0,
      winrate: 0,
      totalGain: 0,
      riskRewardRatio: 0,
      avgR: 0,
      verified: false,
    });
  });

  it('is verified only when every closed trade is (an open one does not matter)', () => {
    const trade = (verified: boolean, status: 'TARGET_HIT' | 'OPEN' = 'TARGET_HIT') => ({
      status,
      pnlUsd: status === 'OPEN' ? null : 10,
      riskRewardRatio: 2,
      sizeUsd: 1000,
      verified,
    });
    expect(leaderboardRowFromTrades(user, [trade(true), trade(false, 'OPEN')]).verified).toBe(true);
    expect(leaderboardRowFromTrades(user, [trade(true), trade(false)]).verified).toBe(false);
    expect(leaderboardRowFromTrades(user, [trade(true, 'OPEN')]).verified).toBe(false);
  });

  it('ignores missing P/L and R/R values', () => {
    const row = leaderboardRowFromTrades(user, [
      { status: 'STOPLOSS_HIT', pnlUsd: null, riskRewardRatio: null, sizeUsd: 1000 },
    ]);
    expect(row).toMatchObject({ totalTrades: 1, winrate: 0, totalGain: 0, riskRewardRatio: 0 });
  });
});

describe("one trade's weight on the leaderboard", () => {
  const user = { id: 'u1', username: 'alice', isPremium: false };
  const closed = (pnlUsd: number, sizeUsd: number, riskRewardRatio = 2) => ({
    status: pnlUsd > 0 ? ('TARGET_HIT' as const) : ('STOPLOSS_HIT' as const),
    pnlUsd,
    sizeUsd,
    riskRewardRatio,
  });

  it.each([
    [99_000, 1_000, 1_000],
    [999, 1_000, 999],
    [-1_000.5, 1_000, -1_000.5],
    [-20, 1_000, -20],
    [50, 0, 0],
  ])('a P/L of %f on a $%f position counts %f', (pnlUsd, sizeUsd, counted) => {
    expect(countedGainUsd({ pnlUsd, sizeUsd })).toBe(counted);
  });

  it('sums every closed trade, a gain at most its size: an absurd one counts as one doubled position', () => {
    const row = leaderboardRowFromTrades(user, [closed(99_000_000, 1_000), closed(-10, 100)]);
    expect(row.totalGain).toBe(990);
  });

  it(`counts a planned R/R at most ${LEADERBOARD_MAX_RR} (the highest tier)`, () => {
    expect(LEADERBOARD_MAX_RR).toBe(5);
    const row = leaderboardRowFromTrades(user, [closed(10, 1_000, 100), closed(-10, 1_000, 1)]);
    expect(row.riskRewardRatio).toBe(3);
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
    riskRewardRatio: 1,
    avgR: rr,
    verified: false,
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
