import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';
import { LeaderboardRepository } from './leaderboard.repository.js';
import { leaderboardRoutes } from './leaderboard.routes.js';
import { LeaderboardService } from './leaderboard.service.js';

/** The public leaderboard; other modules drop its cache through `invalidate()`. */
export async function registerLeaderboard(
  api: FastifyInstance,
  { db, config, now, broadcast }: ModuleDeps,
): Promise<LeaderboardService> {
  const leaderboard = new LeaderboardService(new LeaderboardRepository(db), {
    cacheMs: config.leaderboardCacheMs,
    now,
    broadcast,
  });
  await api.register(leaderboardRoutes, { leaderboard });
  return leaderboard;
}
