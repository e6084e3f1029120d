import type { LeaderboardQuery, LeaderboardResponse } from '@tb/core';
import type { LeaderboardRepository } from './leaderboard.repository.js';

/** At most this many rows are shown (SPEC.md leaderboard). */
export const LEADERBOARD_LIMIT = 100;

/** The public leaderboard. */
export class LeaderboardService {
  constructor(
    private readonly repo: LeaderboardRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The ranked rows for a sort key and direction; numerics arrive as strings. */
  async list(query: LeaderboardQuery): Promise<LeaderboardResponse> {
    const rows = await this.repo.ranked(query.sort, query.direction, this.now(), LEADERBOARD_LIMIT);
    return rows.map((row) => ({
      rank: Number(row.rank),
      id: row.id,
      username: row.username,
      isPremium: row.is_premium,
      totalTrades: Number(row.total_trades),
      winrate: Number(row.winrate),
      totalGain: Number(row.total_gain),
      riskRewardRatio: Number(row.risk_reward_ratio),
    }));
  }
}
