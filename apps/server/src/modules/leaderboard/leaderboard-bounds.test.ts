import { leaderboardRowFromTrades, type LeaderboardUser } from '@tb/core';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { trades } from '../../db/schema/index.js';
import { newUser, register, tradeViaApi } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

/**
 * A long at 1 with its stop at 0.01 and its target at 100: 100R, the most the journal takes.
 * The pair is no market the server knows, so no market bound applies: it is accepted, and at
 * its target a $1,000 position "gains" $99,000.
 */
const ABSURD = {
  pair: 'NOPEUSDT',
  isLong: true,
  entryPrice: 1,
  stopLoss: 0.01,
  takeProfit: 100,
  sizeUsd: 1000,
};
/** A real winner: +60 % on $1,000 (3R), $600. */
const WINNER = {
  pair: 'SOLUSDT',
  isLong: true,
  entryPrice: 100,
  stopLoss: 80,
  takeProfit: 160,
  sizeUsd: 1000,
};
/** A large price move on a small position: +2,000 per unit, +$4 on $100. */
const BIG_MOVE_SMALL_SIZE = {
  pair: 'BTCUSDT',
  isLong: true,
  entryPrice: 50_000,
  stopLoss: 49_000,
  takeProfit: 52_000,
  sizeUsd: 100,
};
/** A small price move on a larger position: +0.2 per unit, +$200 on $1,000. */
const SMALL_MOVE_BIG_SIZE = {
  pair: 'DOGEUSDT',
  isLong: true,
  entryPrice: 1,
  stopLoss: 0.9,
  takeProfit: 1.2,
  sizeUsd: 1000,
};

describeEachDatabase(
  'leaderboard: one trade cannot dominate, and Gain is the sum of pnlUsd',
  (ctx) => {
    // Journal trades closed by hand: the self-reported view (the default view is verified).
    const board = async (query = '') => {
      const url = `/api/leaderboard${query ? `${query}&` : '?'}verified=false`;
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as LeaderboardUser[];
    };
    const names: Record<string, string> = {};
    const trader = async (name: string, closedAtTarget: object[]) => {
      const user = await register(ctx.app, newUser(name));
      names[name] = user.username;
      for (const trade of closedAtTarget)
        await tradeViaApi(ctx.app, user.token, trade, 'TARGET_HIT');
      return user;
    };
    const rowOf = async (name: string, query = '') =>
      (await board(query)).find((r) => r.username === names[name]);

    let absurdPnl = 0;
    beforeAll(async () => {
      const gamer = await register(ctx.app, newUser('gamer'));
      names.gamer = gamer.username;
      absurdPnl = (await tradeViaApi(ctx.app, gamer.token, ABSURD, 'TARGET_HIT')).pnlUsd!;
      await trader('steady', [WINNER, WINNER]);
      await trader('bigmove', [BIG_MOVE_SMALL_SIZE]);
      await trader('bigsize', [SMALL_MOVE_BIG_SIZE]);
    });

    it('accepts the absurd trade without a market, but counts its gain at most its size', async () => {
      expect(absurdPnl).toBe(99_000);
      expect(await rowOf('gamer')).toMatchObject({ totalTrades: 1, totalGain: 1000 });
    });

    it('ranks two real winners above one absurd trade', async () => {
      const ranked = (await board()).map((r) => r.username);
      expect(ranked.indexOf(names.steady!)).toBeLessThan(ranked.indexOf(names.gamer!));
      expect(await rowOf('steady')).toMatchObject({ rank: 1, totalGain: 1200 });
    });

    it('counts an R at most 5 (the highest tier), so 100R does not lead the R column', async () => {
      expect(await rowOf('gamer', '?sort=rr')).toMatchObject({
        rank: 1,
        riskRewardRatio: 5,
        avgR: 5,
      });
      expect(await rowOf('steady', '?sort=rr')).toMatchObject({ riskRewardRatio: 3, avgR: 3 });
    });

    it('ranks Gain on the sum of pnlUsd (DESIGN.md section 7), not on the price move per unit', async () => {
      const bigMove = await rowOf('bigmove');
      const bigSize = await rowOf('bigsize');
      expect(bigMove).toMatchObject({ totalGain: 4 });
      expect(bigSize).toMatchObject({ totalGain: 200 });
      expect(bigSize!.rank).toBeLessThan(bigMove!.rank);
    });

    it("agrees with core's leaderboardRowFromTrades, caps included", async () => {
      for (const row of await board()) {
        const own = await ctx.database.db.select().from(trades).where(eq(trades.userId, row.id));
        const fromCore = leaderboardRowFromTrades(
          { id: row.id, username: row.username, isPremium: row.isPremium },
          own.map((t) => ({
            status: t.status,
            pnlUsd: t.pnlUsd === null ? null : Number(t.pnlUsd),
            riskRewardRatio: Number(t.riskRewardRatio),
            rMultiple: t.rMultiple === null ? null : Number(t.rMultiple),
            sizeUsd: Number(t.sizeUsd),
            verified: t.source !== 'journal',
          })),
        );
        expect({ ...row, rank: 0 }).toEqual({ ...fromCore, rank: 0 });
      }
    });
  },
  { env: () => ({ LEADERBOARD_CACHE_MS: '0' }) },
);
