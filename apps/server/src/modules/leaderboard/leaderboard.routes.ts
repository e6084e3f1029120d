import { LeaderboardQuerySchema, LeaderboardResponseSchema } from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LeaderboardService } from './leaderboard.service.js';

/** GET /api/leaderboard: public, no session needed. */
export const leaderboardRoutes: FastifyPluginAsyncZod<{ leaderboard: LeaderboardService }> = async (
  app,
  { leaderboard },
) => {
  app.get(
    '/leaderboard',
    {
      schema: {
        tags: ['leaderboard'],
        summary:
          'Ranked traders (at most 100): trades, winrate, gain or R/R, either direction; verified=true counts only trades closed from exchange fills',
        querystring: LeaderboardQuerySchema,
        response: { 200: LeaderboardResponseSchema },
      },
    },
    async (req) => leaderboard.list(req.query),
  );
};
