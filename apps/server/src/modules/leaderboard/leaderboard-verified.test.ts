import type { LeaderboardUser } from '@tb/core';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { trades } from '../../db/schema/index.js';
import { insertTrade, newUser, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

type Closed = { status: 'TARGET_HIT' | 'STOPLOSS_HIT'; pnlUsd: number; verified: boolean };
const won = (pnlUsd: number, verified: boolean): Closed => ({
  status: 'TARGET_HIT',
  pnlUsd,
  verified,
});
const lost = (pnlUsd: number, verified: boolean): Closed => ({
  status: 'STOPLOSS_HIT',
  pnlUsd,
  verified,
});

describeEachDatabase(
  'GET /api/leaderboard: the verified view and the self-reported view',
  (ctx) => {
    const board = async (query = '') => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/leaderboard${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries((res.json() as LeaderboardUser[]).map((r) => [r.username, r]));
    };
    const names: Record<string, string> = {};
    /** A trader with closed trades; verified ones get source 'exchange' (closed from fills). */
    const add = async (name: string, rows: Closed[]) => {
      const user = await register(ctx.app, newUser(name));
      names[name] = user.username;
      for (const [i, row] of rows.entries()) {
        await insertTrade(ctx.database, {
          userId: user.id,
          status: row.status,
          pnlUsd: row.pnlUsd,
          riskRewardRatio: 2 + i,
        });
        if (row.verified) {
          await ctx.database.db
            .update(trades)
            .set({ source: 'exchange' })
            .where(and(eq(trades.userId, user.id), eq(trades.riskRewardRatio, String(2 + i))));
        }
      }
    };

    beforeAll(async () => {
      await add('mixed', [won(50, true), lost(-10, false), won(30, false)]);
      await add('allreal', [won(20, true), lost(-5, true)]);
      await add('handonly', [won(100, false)]);
      await add('half', [won(40, true), lost(-8, false)]);
    });

    it('shows verified results by default: only trades closed by exchange fills count', async () => {
      const rows = await board();
      expect(rows).toEqual(await board('?verified=true'));
      expect(rows[names.mixed!]).toMatchObject({
        totalTrades: 1,
        winrate: 100,
        totalGain: 50,
        avgR: 2,
        // One of its closed trades was closed by hand: the row is not verified as a whole.
        verified: false,
      });
      expect(rows[names.allreal!]).toMatchObject({ totalTrades: 2, totalGain: 15, verified: true });
      expect(rows[names.half!]).toMatchObject({ totalTrades: 1, totalGain: 40, verified: false });
      expect(rows[names.handonly!]).toBeUndefined();
    });

    it('keeps self-reported results in their own view (?verified=false), apart', async () => {
      const rows = await board('?verified=false');
      expect(rows[names.mixed!]).toMatchObject({ totalTrades: 2, totalGain: 20, verified: false });
      expect(rows[names.handonly!]).toMatchObject({ totalTrades: 1, totalGain: 100 });
      expect(rows[names.half!]).toMatchObject({ totalTrades: 1, totalGain: -8 });
      expect(rows[names.allreal!]).toBeUndefined();
      // The two views are cached apart: the verified one is still the verified one.
      expect((await board())[names.mixed!]?.totalTrades).toBe(1);
    });

    it('refuses a verified value other than true or false', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/leaderboard?verified=yes' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Verified must be true or false');
    });
  },
  // A long cache: each filter must have its own entry, or the second answer would be the first.
  { env: () => ({ LEADERBOARD_CACHE_MS: '60000' }) },
);
