import type { LeaderboardQuery, LeaderboardResponse } from '@tb/core';
import type { Clock } from '../../lib/clock.js';
import type { Broadcast } from '../../lib/redis/broadcast.js';
import type { LeaderboardRepository } from './leaderboard.repository.js';

/** At most this many rows are shown (SPEC.md leaderboard). */
export const LEADERBOARD_LIMIT = 100;

export interface LeaderboardOptions {
  /**
   * How long one ranking is served from memory, in ms (0: never). The query aggregates every
   * closed trade (about 40 ms at 100,000 trades on PGlite, which runs one query at a time), so
   * a public page must not run it once per visitor: see bench/RESULTS.md.
   */
  cacheMs?: number;
  now: Clock;
  /** Drops the rankings of every instance on `invalidate()`; this instance's only without. */
  broadcast?: Pick<Broadcast, 'publish' | 'subscribe' | 'onResync'>;
}

const INVALIDATE = 'leaderboard:invalidate';

/**
 * The public leaderboard. Rankings are cached per sort and filter (all or verified only) for `cacheMs` with one query in flight
 * per sort; `invalidate()` drops them at once when someone leaves or joins the board, is
 * renamed or deleted, so those changes never wait for the cache. New trades show within
 * `cacheMs`.
 */
export class LeaderboardService {
  readonly #cache = new Map<string, { until: number; rows: Promise<LeaderboardResponse> }>();
  readonly #cacheMs: number;
  readonly #now: () => Date;

  readonly #broadcast: LeaderboardOptions['broadcast'];

  constructor(
    private readonly repo: LeaderboardRepository,
    options: LeaderboardOptions,
  ) {
    this.#cacheMs = options.cacheMs ?? 0;
    this.#now = options.now;
    this.#broadcast = options.broadcast;
    this.#broadcast?.subscribe(INVALIDATE, () => this.#cache.clear());
    // Invalidations missed while Redis was away: start again from the database.
    this.#broadcast?.onResync(() => this.#cache.clear());
  }

  /** The ranked rows for a sort key and direction. */
  list(query: LeaderboardQuery): Promise<LeaderboardResponse> {
    const key = `${query.sort}:${query.direction}:${query.verified !== false ? 'verified' : 'self-reported'}`;
    const now = this.#now();
    const hit = this.#cache.get(key);
    if (hit && hit.until > now.getTime()) return hit.rows;
    const rows = this.#query(query, now);
    if (this.#cacheMs > 0) {
      this.#cache.set(key, { until: now.getTime() + this.#cacheMs, rows });
      // A failed query is not served to the next visitors.
      rows.catch(() => {
        if (this.#cache.get(key)?.rows === rows) this.#cache.delete(key);
      });
    }
    return rows;
  }

  /**
   * Drops every cached ranking (someone's place on the board changed in a way that matters),
   * here and on every other instance (through Redis while it answers; without it the others'
   * rankings expire within `cacheMs`).
   */
  invalidate(): void {
    this.#cache.clear();
    void this.#broadcast?.publish(INVALIDATE, '');
  }

  async #query(query: LeaderboardQuery, now: Date): Promise<LeaderboardResponse> {
    const rows = await this.repo.ranked(
      query.sort,
      query.direction,
      now,
      LEADERBOARD_LIMIT,
      query.verified !== false,
    );
    return rows.map((row) => ({
      rank: Number(row.rank),
      id: row.id,
      username: row.username,
      isPremium: row.is_premium,
      totalTrades: Number(row.total_trades),
      winrate: Number(row.winrate),
      totalGain: Number(row.total_gain),
      riskRewardRatio: Number(row.risk_reward_ratio),
      avgR: Number(row.avg_r),
      verified: row.verified === true,
    }));
  }
}
