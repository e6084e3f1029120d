import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { trades } from '../../db/schema/index.js';
import { auditEntriesFor, authed, insertTrade, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

/** Verified rows are history (DESIGN.md section 11): no edit, no delete; hide is allowed. */
describeEachDatabase(
  'a verified trade is history',
  (ctx) => {
    /** A closed trade of the user, verified (closed from fills) or not; its id. */
    const closed = async (
      userId: string,
      status: 'TARGET_HIT' | 'STOPLOSS_HIT',
      verified: boolean,
      pnlUsd: number,
    ) => {
      await insertTrade(ctx.database, { userId, status, pnlUsd });
      const [row] = await ctx.database.db
        .select({ id: trades.id })
        .from(trades)
        .where(eq(trades.userId, userId))
        .orderBy(desc(trades.createdAt))
        .limit(1);
      if (verified) {
        await ctx.database.db
          .update(trades)
          .set({ source: 'exchange' })
          .where(and(eq(trades.id, row!.id)));
      }
      return row!.id;
    };
    const leaderboardRow = async (username: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/leaderboard' });
      return (
        res.json() as Array<{ username: string; totalTrades: number; totalGain: number }>
      ).find((row) => row.username === username);
    };

    it('refuses to delete or change a verified loss, and the verified record keeps it', async () => {
      const user = await register(ctx.app);
      await closed(user.id, 'TARGET_HIT', true, 36.94);
      const loss = await closed(user.id, 'STOPLOSS_HIT', true, -17.57);
      const before = await leaderboardRow(user.username);
      expect(before).toMatchObject({ totalTrades: 2, totalGain: 19.37 });

      const deleted = await authed(ctx.app, user.token, 'DELETE', `/api/trades/${loss}`);
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json().error).toMatchObject({ code: 'VERIFIED_TRADE' });
      expect(deleted.json().error.message).toMatch(/part of your verified record .* Hide it/);
      const relabel = await authed(ctx.app, user.token, 'PUT', `/api/trades/${loss}/status`, {
        status: 'TARGET_HIT',
      });
      expect(relabel.statusCode).toBe(409);
      expect(relabel.json().error.code).toBe('VERIFIED_TRADE');
      const edit = await authed(ctx.app, user.token, 'PUT', `/api/trades/${loss}`, {
        pair: 'BTCUSDT',
        isLong: true,
        entryPrice: 100,
        stopLoss: 99,
        takeProfit: 120,
      });
      expect(edit.statusCode).toBe(409);

      const [row] = await ctx.database.db.select().from(trades).where(eq(trades.id, loss));
      expect(row).toMatchObject({ status: 'STOPLOSS_HIT', pnlUsd: '-17.57', source: 'exchange' });
      expect(await leaderboardRow(user.username)).toEqual(before);
    });

    it('hides one closed trade from the list; statistics and the leaderboard keep it', async () => {
      const user = await register(ctx.app);
      const win = await closed(user.id, 'TARGET_HIT', true, 20);
      const loss = await closed(user.id, 'STOPLOSS_HIT', true, -10);
      const hidden = await authed(ctx.app, user.token, 'POST', `/api/trades/${loss}/hide`);
      expect(hidden.statusCode, hidden.body).toBe(204);
      const listed = (await authed(ctx.app, user.token, 'GET', '/api/trades')).json() as Array<{
        id: string;
      }>;
      expect(listed.map((t) => t.id)).toEqual([win]);
      expect(await leaderboardRow(user.username)).toMatchObject({ totalTrades: 2, totalGain: 10 });
      const csv = await authed(ctx.app, user.token, 'GET', '/api/trades/export.csv');
      expect(csv.body.split('\n').filter((line) => line.trim() !== '')).toHaveLength(3);
    });

    it("refuses to hide an open trade, and someone else's trade is not found", async () => {
      const user = await register(ctx.app);
      await insertTrade(ctx.database, { userId: user.id, status: 'OPEN' });
      const [open] = await ctx.database.db.select().from(trades).where(eq(trades.userId, user.id));
      const res = await authed(ctx.app, user.token, 'POST', `/api/trades/${open!.id}/hide`);
      expect(res.statusCode).toBe(409);
      const other = await register(ctx.app);
      const theirs = await closed(other.id, 'TARGET_HIT', true, 5);
      for (const [method, url] of [
        ['POST', `/api/trades/${theirs}/hide`],
        ['DELETE', `/api/trades/${theirs}`],
      ] as const) {
        expect((await authed(ctx.app, user.token, method, url)).statusCode).toBe(404);
      }
      const [still] = await ctx.database.db.select().from(trades).where(eq(trades.id, theirs));
      expect(still!.hidden).toBe(false);
    });

    it('deletes an unverified trade and writes down what it was', async () => {
      const user = await register(ctx.app);
      const id = await closed(user.id, 'STOPLOSS_HIT', false, -12.5);
      const res = await authed(ctx.app, user.token, 'DELETE', `/api/trades/${id}`);
      expect(res.statusCode).toBe(204);
      expect(await ctx.database.db.select().from(trades).where(eq(trades.id, id))).toEqual([]);
      const [entry] = await auditEntriesFor(ctx.database, id);
      expect(entry).toMatchObject({
        actorId: user.id,
        action: 'trade.delete',
        targetType: 'trade',
        details: expect.objectContaining({
          status: 'STOPLOSS_HIT',
          pnlUsd: -12.5,
          pair: 'BTCUSDT',
        }),
      });
    });
  },
  // Each test reads the ranking again at once: no cache between them.
  { env: () => ({ LEADERBOARD_CACHE_MS: '0' }) },
);
