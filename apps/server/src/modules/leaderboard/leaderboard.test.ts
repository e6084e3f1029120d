import {
  LEADERBOARD_SORT_KEYS,
  leaderboardRowFromTrades,
  sortLeaderboard,
  type LeaderboardUser,
} from '@tb/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { trades, users } from '../../db/schema/index.js';
import {
  authed,
  insertSubscription,
  insertTrade,
  newUser,
  register,
  tradeViaApi,
} from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

const DAY = 86_400_000;
/** $110 at 110: one unit, so the USD results are the price differences (+20, -10). */
const LONG = {
  pair: 'BTCUSDT',
  isLong: true,
  stopLoss: 100,
  entryPrice: 110,
  takeProfit: 130,
  sizeUsd: 110,
};
const SHORT = {
  pair: 'ETHUSDT',
  isLong: false,
  stopLoss: 120,
  entryPrice: 110,
  takeProfit: 90,
  sizeUsd: 110,
};
interface ClosedTrade {
  status: 'TARGET_HIT' | 'STOPLOSS_HIT';
  /** The trade's result in USD: the gain the leaderboard sums. */
  pnlUsd: number;
  riskRewardRatio: number;
}
const won = (pnlUsd: number, riskRewardRatio: number): ClosedTrade => ({
  status: 'TARGET_HIT',
  pnlUsd,
  riskRewardRatio,
});
const lost = (pnlUsd: number, riskRewardRatio: number): ClosedTrade => ({
  status: 'STOPLOSS_HIT',
  pnlUsd,
  riskRewardRatio,
});

/** Competition ranks of rows already in order: equal sort values share the first one's rank. */
function withRanks(rows: LeaderboardUser[], field: keyof LeaderboardUser) {
  return rows.map((row, i) => {
    const first = rows.findIndex((r) => r[field] === row[field]);
    return { ...row, rank: (first === -1 ? i : first) + 1 };
  });
}
const FIELD = {
  trades: 'totalTrades',
  winrate: 'winrate',
  gain: 'totalGain',
  rr: 'avgR',
} as const;

describeEachDatabase(
  'GET /api/leaderboard',
  (ctx) => {
    // Journal trades closed by hand: the self-reported view (the default view is verified).
    const board = async (query = '') => {
      const url = `/api/leaderboard${query ? `${query}&` : '?'}verified=false`;
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as LeaderboardUser[];
    };
    const names: Record<string, string> = {};
    const ids: Record<string, string> = {};
    const add = async (name: string, rows: ClosedTrade[] = []) => {
      const user = await register(ctx.app, newUser(name));
      names[name] = user.username;
      ids[name] = user.id;
      for (const row of rows) await insertTrade(ctx.database, { userId: user.id, ...row });
      return user;
    };
    const order = (rows: LeaderboardUser[]) => rows.map((r) => `${r.rank}:${r.username}`);
    const expected = (pairs: Array<[number, string]>) =>
      pairs.map(([rank, name]) => `${rank}:${names[name]}`);

    beforeAll(async () => {
      const now = Date.now();
      const alice = await add('alice', [won(30, 3), won(20, 2), lost(-10, 2), lost(-10, 1)]);
      await insertSubscription(ctx.database, {
        userId: alice.id,
        plan: 'monthly',
        startDate: new Date(now - 40 * DAY),
        endDate: new Date(now - 10 * DAY),
      });
      await add('bob', [won(15, 1.5), won(15, 1.5)]);
      const carol = await add('carol', [lost(-5, 4), lost(-5, 4), won(10, 4)]);
      await insertTrade(ctx.database, { userId: carol.id, ...won(20, 4), hidden: true });
      await insertTrade(ctx.database, { userId: carol.id, status: 'OPEN', riskRewardRatio: 9 });
      const dave = await add('dave');
      await insertTrade(ctx.database, { userId: dave.id, status: 'OPEN' });
      const erin = await add('erin', [won(500, 5)]);
      const left = await authed(ctx.app, erin.token, 'PUT', '/api/users/leaderboard', {
        showOnLeaderboard: false,
      });
      expect(left.json().showOnLeaderboard).toBe(false);
      const frank = await add('frank', [lost(-7.5, 0.5)]);
      await insertSubscription(ctx.database, {
        userId: frank.id,
        plan: 'annual',
        startDate: new Date(now - DAY),
        endDate: new Date(now + 100 * DAY),
        cancelledAt: new Date(now),
      });
      // Through the real API: +20 at the target (R/R 2), -10 at the stop, one still open, then
      // "clear history" hides the closed ones, which still count.
      const gina = await add('gina');
      await ctx.database.db.update(users).set({ isPaidUser: true }).where(eq(users.id, gina.id));
      expect((await tradeViaApi(ctx.app, gina.token, LONG, 'TARGET_HIT')).pnlUsd).toBe(20);
      expect((await tradeViaApi(ctx.app, gina.token, SHORT, 'STOPLOSS_HIT')).pnlUsd).toBe(-10);
      await tradeViaApi(ctx.app, gina.token, LONG, 'OPEN');
      const cleared = await authed(ctx.app, gina.token, 'POST', '/api/trades/clear-history');
      expect(cleared.json()).toHaveLength(1);
      await add('ivy', [won(5, 1), lost(-2, 0.5), lost(-2, 0.5)]);
    });

    it('ranks by gain, highest first by default: ties share a rank and are listed A→Z', async () => {
      expect(order(await board())).toEqual(
        expected([
          [1, 'alice'],
          [1, 'bob'],
          [3, 'carol'],
          [4, 'gina'],
          [5, 'ivy'],
          [6, 'frank'],
        ]),
      );
    });

    it('shows the figures of each row: closed trades, winrate, gain, mean R/R, premium', async () => {
      const rows = Object.fromEntries((await board()).map((r) => [r.username, r]));
      expect(rows[names.alice!]).toMatchObject({
        id: ids.alice,
        totalTrades: 4,
        winrate: 50,
        totalGain: 30,
        riskRewardRatio: 2,
        isPremium: false,
      });
      expect(rows[names.carol!]).toMatchObject({ totalTrades: 4, winrate: 50, totalGain: 20 });
      expect(rows[names.carol!]!.riskRewardRatio).toBe(4);
      expect(rows[names.frank!]).toMatchObject({ winrate: 0, totalGain: -7.5, isPremium: true });
      expect(rows[names.gina!]).toMatchObject({ totalTrades: 2, totalGain: 10, isPremium: true });
      expect(rows[names.ivy!]).toMatchObject({ winrate: 33.3, riskRewardRatio: 0.67 });
      expect(rows[names.bob!]).toMatchObject({ winrate: 100, isPremium: false });
    });

    it('leaves out users who left the leaderboard and users with no closed trade', async () => {
      const listed = (await board()).map((r) => r.username);
      expect(listed).not.toContain(names.erin);
      expect(listed).not.toContain(names.dave);
    });

    it.each([
      [
        '?sort=trades',
        [
          [1, 'alice'],
          [1, 'carol'],
          [3, 'ivy'],
          [4, 'bob'],
          [4, 'gina'],
          [6, 'frank'],
        ],
      ],
      [
        '?sort=winrate',
        [
          [1, 'bob'],
          [2, 'alice'],
          [2, 'carol'],
          [2, 'gina'],
          [5, 'ivy'],
          [6, 'frank'],
        ],
      ],
      // Realised R: frank -1, ivy -0.33, gina 0.5, alice 0.75, bob and carol 1.5.
      [
        '?sort=rr&direction=asc',
        [
          [1, 'frank'],
          [2, 'ivy'],
          [3, 'gina'],
          [4, 'alice'],
          [5, 'bob'],
          [5, 'carol'],
        ],
      ],
      [
        '?sort=gain&direction=asc',
        [
          [1, 'frank'],
          [2, 'ivy'],
          [3, 'gina'],
          [4, 'carol'],
          [5, 'alice'],
          [5, 'bob'],
        ],
      ],
    ] as Array<[string, Array<[number, string]>]>)('orders %s', async (query, pairs) => {
      expect(order(await board(query))).toEqual(expected(pairs));
    });

    describe('every sort key and direction', () => {
      for (const sort of LEADERBOARD_SORT_KEYS) {
        for (const direction of ['asc', 'desc'] as const) {
          it(`${sort} ${direction} matches core's order and competition ranks`, async () => {
            const rows = await board(`?sort=${sort}&direction=${direction}`);
            const sorted = sortLeaderboard(rows, sort, direction);
            expect(rows).toEqual(withRanks(sorted, FIELD[sort]));
          });
        }
      }
    });

    it("agrees with core's leaderboardRowFromTrades on every row", async () => {
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

    it('refuses an unknown sort key or direction with 400 and a clear message', async () => {
      for (const [query, message] of [
        ['?sort=luck', 'Sort must be trades, winrate, gain or rr'],
        ['?direction=up', 'Direction must be asc or desc'],
        ['?sort=gain;drop%20table%20users', 'Sort must be trades, winrate, gain or rr'],
      ]) {
        const res = await ctx.app.inject({ method: 'GET', url: `/api/leaderboard${query}` });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
    });

    it('shows a user who joins again, and at most 100 rows', async () => {
      await ctx.database.db
        .update(users)
        .set({ showOnLeaderboard: true })
        .where(eq(users.id, ids.erin!));
      expect((await board())[0]!.username).toBe(names.erin);
      const many = Array.from({ length: 100 }, (_, i) => ({
        username: `bulk${i}`,
        email: `bulk${i}@example.com`,
        passwordHash: 'x',
      }));
      const inserted = await ctx.database.db.insert(users).values(many).returning({ id: users.id });
      for (const { id } of inserted) await insertTrade(ctx.database, { userId: id, ...won(1, 1) });
      const rows = await board();
      expect(rows).toHaveLength(100);
      expect(rows.at(-1)!.rank).toBeLessThanOrEqual(100);
    });
  }, // The ranking query itself; leaderboard-cache.test.ts covers the cache in front of it.
  { env: () => ({ LEADERBOARD_CACHE_MS: '0' }) },
);
