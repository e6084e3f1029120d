import { LEADERBOARD_MAX_RR, type LeaderboardSortKey } from '@tb/core';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';

/** A leaderboard row as the database returns it: numerics are strings. */
export interface LeaderboardDbRow {
  rank: number;
  id: string;
  username: string;
  is_premium: boolean;
  total_trades: number;
  winrate: string;
  total_gain: string;
  risk_reward_ratio: string;
  avg_r: string;
  verified: boolean;
}

/** Sort columns of the ranked query: the only SQL a sort key can select. */
const SORT_COLUMN: Readonly<Record<LeaderboardSortKey, string>> = {
  trades: 'c.total_trades',
  winrate: 'c.winrate',
  gain: 'c.total_gain',
  rr: 'c.avg_r',
};
/** The R/R cap, written into the query text: a constant of ours, never a user value. */
const MAX_RR = sql.raw(String(LEADERBOARD_MAX_RR));
const DIRECTION: Readonly<Record<'asc' | 'desc', string>> = { asc: 'asc', desc: 'desc' };

/**
 * The public leaderboard's query; the rules of a row are core's `leaderboardRowFromTrades`:
 * Gain sums `pnl_usd`, each gain at most the trade's `size_usd` (countedGainUsd), and a
 * planned R/R counts at most LEADERBOARD_MAX_RR, so one absurd trade cannot lead a column.
 */
export class LeaderboardRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Users on the leaderboard with at least one closed trade (hidden ones count), ranked by the
   * sort column (competition rank), ties by username A→Z, at most `limit` rows, in one query.
   * Values are rounded before ranking, so equal shown values share a rank. `verifiedOnly`
   * counts only trades closed from exchange fills (`source` other than 'journal'), else only
   * self-reported ones (`source = 'journal'`); in both modes a
   * row is verified when all of the user's closed trades are (judged over every closed trade,
   * not only the counted ones, so the filter cannot make a hand-closed journal look verified).
   */
  async ranked(
    sort: LeaderboardSortKey,
    direction: 'asc' | 'desc',
    now: Date,
    limit: number,
    verifiedOnly = true,
  ): Promise<LeaderboardDbRow[]> {
    const column = SORT_COLUMN[sort];
    const dir = DIRECTION[direction];
    if (!column || !dir) throw new Error(`unknown leaderboard order ${sort} ${direction}`);
    const order = sql.raw(`${column} ${dir}`);
    // The verified view counts what the exchange's fills closed (planned or off-plan); the
    // self-reported view what traders closed by hand, apart (DESIGN.md section 11).
    const counted = verifiedOnly ? sql`and t.source <> 'journal'` : sql`and t.source = 'journal'`;
    const result = (await this.db.execute(sql`
      with c as (
        select t.user_id,
               count(*)::int as total_trades,
               round(100.0 * count(*) filter (where t.status = 'TARGET_HIT') / count(*), 1)
                 as winrate,
               round(coalesce(sum(case when t.pnl_usd > greatest(t.size_usd, 0)
                                       then greatest(t.size_usd, 0) else t.pnl_usd end), 0), 2)
                 as total_gain,
               round(coalesce(avg(case when t.risk_reward_ratio > ${MAX_RR}
                                       then ${MAX_RR} else t.risk_reward_ratio end), 0), 2)
                 as risk_reward_ratio,
               round(coalesce(avg(case when t.r_multiple > ${MAX_RR}
                                       then ${MAX_RR} else t.r_multiple end), 0), 2)
                 as avg_r
        from trades t
        where t.status <> 'OPEN' ${counted}
        group by t.user_id
      ),
      v as (
        select t.user_id, bool_and(t.source <> 'journal') as verified
        from trades t
        where t.status <> 'OPEN' and t.user_id in (select user_id from c)
        group by t.user_id
      )
      select (rank() over (order by ${order}))::int as rank,
             u.id, u.username,
             (u.is_paid_user or exists (
               select 1 from subscriptions s
               where s.user_id = u.id and s.end_date > ${now.toISOString()}::timestamptz
             )) as is_premium,
             c.total_trades, c.winrate::text as winrate, c.total_gain::text as total_gain,
             c.risk_reward_ratio::text as risk_reward_ratio, c.avg_r::text as avg_r, v.verified
      from c
      join v on v.user_id = c.user_id
      join users u on u.id = c.user_id
      where u.show_on_leaderboard
      order by ${order}, lower(u.username), u.username
      limit ${limit}`)) as unknown as { rows: LeaderboardDbRow[] };
    return result.rows;
  }
}
