import type { FastifyInstance } from 'fastify';
import type { LeaderboardService } from '../leaderboard/leaderboard.service.js';
import type { ModuleDeps } from '../module-deps.js';
import type { RiskService } from '../risk/risk.service.js';
import { UsersRepository } from './users.repository.js';
import { usersRoutes } from './users.routes.js';
import { UsersService } from './users.service.js';

export interface UsersModule {
  service: UsersService;
  /** Account rows, for the modules that load or change them (auth, admin, subscriptions). */
  repo: UsersRepository;
}

/** The signed-in user's own account: profile, time zone, layout, leaderboard visibility. */
export async function registerUsers(
  api: FastifyInstance,
  { db, now, state }: ModuleDeps,
  uses: { leaderboard: LeaderboardService; risk: RiskService },
): Promise<UsersModule> {
  const repo = new UsersRepository(db);
  const service = new UsersService(repo, {
    onLeaderboardChange: () => uses.leaderboard.invalidate(),
    state,
    // Today's trading day is recorded in the old zone first: a change takes effect tomorrow.
    beforeTimeZoneChange: (user) => uses.risk.pinTradingDay(user),
  });
  await api.register(usersRoutes, { users: service, now });
  return { service, repo };
}
