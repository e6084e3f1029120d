import { describe, expect, it } from 'vitest';
import { LeaderboardQuerySchema, LeaderboardResponseSchema } from './leaderboard.js';

describe('leaderboard schemas', () => {
  it('sorts by gain, highest first, by default', () => {
    expect(LeaderboardQuerySchema.parse({})).toEqual({ sort: 'gain', direction: 'desc' });
  });

  it('reads verified=true or false as a boolean and refuses anything else', () => {
    expect(LeaderboardQuerySchema.parse({ verified: 'true' }).verified).toBe(true);
    expect(LeaderboardQuerySchema.parse({ verified: 'false' }).verified).toBe(false);
    expect(LeaderboardQuerySchema.safeParse({ verified: 'yes' }).error?.issues[0]?.message).toBe(
      'Verified must be true or false',
    );
  });

  it('refuses an unknown sort', () => {
    expect(LeaderboardQuerySchema.safeParse({ sort: 'name' }).error?.issues[0]?.message).toBe(
      'Sort must be trades, winrate, gain or rr',
    );
  });

  it('describes the rows', () => {
    const row = {
      rank: 1,
      id: 'u1',
      username: 'ann',
      isPremium: false,
      totalTrades: 3,
      winrate: 66.7,
      totalGain: -3,
      riskRewardRatio: 2,
      avgR: 1.25,
      verified: true,
    };
    expect(LeaderboardResponseSchema.parse([row])).toEqual([row]);
    expect(LeaderboardResponseSchema.safeParse([{ ...row, winrate: 120 }]).success).toBe(false);
  });
});
