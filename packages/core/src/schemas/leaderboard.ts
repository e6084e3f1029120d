import { z } from 'zod';
import { LEADERBOARD_SORT_KEYS } from '../leaderboard/leaderboard.js';

/**
 * A leaderboard row (SPEC.md section 3): winrate in percent, gain in dollars. `rank` is the
 * competition rank under the requested sort: equal values share a rank ('1, 2, 2, 4').
 */
export const LeaderboardUserSchema = z.object({
  rank: z.number().int().min(1),
  id: z.string(),
  username: z.string(),
  isPremium: z.boolean(),
  totalTrades: z.number().int().min(0),
  winrate: z.number().min(0).max(100),
  totalGain: z.number(),
  /** Mean planned R/R of the counted trades (SPEC.md's field; the table shows `avgR`). */
  riskRewardRatio: z.number().min(0),
  /**
   * Mean realised R-multiple of the counted trades that have one (each at most
   * LEADERBOARD_MAX_RR): what the trades made per unit risked, not what they planned.
   */
  avgR: z.number(),
  /** At least one closed trade, and every one closed from the exchange's fills. */
  verified: z.boolean(),
});
export type LeaderboardUser = z.infer<typeof LeaderboardUserSchema>;

/** GET /api/leaderboard: an array of rows (SPEC.md section 7), at most 100. */
export const LeaderboardResponseSchema = z.array(LeaderboardUserSchema);
export type LeaderboardResponse = z.infer<typeof LeaderboardResponseSchema>;

/** trades | winrate | gain | rr. */
export const LeaderboardSortKeySchema = z.enum(LEADERBOARD_SORT_KEYS, {
  error: 'Sort must be trades, winrate, gain or rr',
});

/**
 * Optional query of GET /api/leaderboard: sort key (gain; `rr` sorts by realised R), direction
 * (desc) and `verified`: 'true' or absent, the verified view (trades closed from exchange
 * fills); 'false', the self-reported view (trades closed by hand in the journal), apart.
 */
export const LeaderboardQuerySchema = z.object({
  sort: LeaderboardSortKeySchema.default('gain'),
  direction: z.enum(['asc', 'desc'], { error: 'Direction must be asc or desc' }).default('desc'),
  verified: z
    .enum(['true', 'false'], { error: 'Verified must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export type LeaderboardQuery = z.infer<typeof LeaderboardQuerySchema>;
