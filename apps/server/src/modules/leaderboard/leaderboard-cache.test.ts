import type { LeaderboardUser } from '@tb/core';
import { beforeAll, expect, it } from 'vitest';
import { authed, insertTrade, register, roles } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

const CACHE_MS = 400;
const won = { status: 'TARGET_HIT' as const, pnlUsd: 10, riskRewardRatio: 2 };

describeEachDatabase(
  'leaderboard cache',
  (ctx) => {
    const board = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/leaderboard?verified=false' });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as LeaderboardUser[]).map((row) => row.username);
    };
    let admin: Awaited<ReturnType<typeof roles>>['admin'];
    beforeAll(async () => {
      ({ admin } = await roles(ctx.app, ctx.database));
    });

    it('serves a ranking for a while: a new trade shows once it expires', async () => {
      const first = await register(ctx.app);
      const late = await register(ctx.app);
      await insertTrade(ctx.database, { userId: first.id, ...won });
      // The ranking is kept CACHE_MS on the app's clock, which moves only when the test moves
      // it (a busy machine may take longer than that over the requests below).
      ctx.clock.set(ctx.clock.now());
      expect(await board()).toContain(first.username);

      await insertTrade(ctx.database, { userId: late.id, ...won });
      expect(await board()).not.toContain(late.username);
      ctx.clock.advance(CACHE_MS - 1);
      expect(await board()).not.toContain(late.username);
      ctx.clock.advance(1);
      expect(await board()).toContain(late.username);
    });

    it('drops the ranking at once when a trader leaves or is renamed or deleted', async () => {
      const trader = await register(ctx.app);
      await insertTrade(ctx.database, { userId: trader.id, ...won });
      // A minute on, past every ranking an earlier test cached, and fixed there: from here only
      // the drops below can refresh the ranking.
      ctx.clock.advance(60_000);
      expect(await board()).toContain(trader.username);

      const leave = { showOnLeaderboard: false };
      expect(
        (await authed(ctx.app, trader.token, 'PUT', '/api/users/leaderboard', leave)).statusCode,
      ).toBe(200);
      expect(await board()).not.toContain(trader.username);
      const join = { showOnLeaderboard: true };
      expect(
        (await authed(ctx.app, trader.token, 'PUT', '/api/users/leaderboard', join)).statusCode,
      ).toBe(200);
      expect(await board()).toContain(trader.username);

      const renamed = `${trader.username}x`;
      const rename = { userId: trader.id, username: renamed };
      expect(
        (await authed(ctx.app, admin.token, 'PUT', '/api/users/username', rename)).statusCode,
      ).toBe(200);
      expect(await board()).toContain(renamed);

      expect(
        (await authed(ctx.app, admin.token, 'DELETE', `/api/users/${trader.id}`)).statusCode,
      ).toBe(204);
      expect(await board()).not.toContain(renamed);
    });
  },
  { env: () => ({ LEADERBOARD_CACHE_MS: String(CACHE_MS) }) },
);
