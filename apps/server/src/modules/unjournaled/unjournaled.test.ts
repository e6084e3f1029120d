import type { UnjournaledTripView } from '@tb/core';
import { and, eq, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { exchangeFills } from '../../db/schema/index.js';
import { createTrade, register } from '../../test/api.js';
import { liveHelpers } from '../../test/live-trading.js';
import { describeEachDatabase } from '../../test/helper.js';

const MARK = 100_000;
const JOURNAL_LONG = {
  pair: 'BTC-USD',
  isLong: true,
  stopLoss: 97_000,
  entryPrice: MARK,
  takeProfit: 103_000,
  sizeUsd: 500,
};

describeEachDatabase(
  'unjournaled fills: listed as round trips, imported, attached, dismissed',
  (ctx) => {
    const { call, pin, paperTrader } = liveHelpers(
      () => ctx.app,
      () => ctx.database,
    );
    /** A market order on the exchange's own route, outside the journal. */
    const market = async (token: string, side: 'buy' | 'sell', size = '0.002') => {
      const res = await call(token, 'POST', '/api/exchange/order', {
        symbol: 'BTC',
        side,
        size,
        orderType: 'market',
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    /** A long round trip: bought at 100,000, sold at `exitMark`. */
    const roundTrip = async (token: string, exitMark: number) => {
      await pin(MARK);
      await market(token, 'buy');
      await pin(exitMark);
      await market(token, 'sell');
    };
    const trips = async (token: string): Promise<UnjournaledTripView[]> => {
      const res = await call(token, 'GET', '/api/exchange/unjournaled');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().trips;
    };

    it('lists a market buy and sell as one closed trip, and imports it as a verified trade', async () => {
      const user = await paperTrader();
      await roundTrip(user.token, 102_000);
      const [trip, ...more] = await trips(user.token);
      expect(more).toEqual([]);
      expect(trip).toMatchObject({
        pair: 'BTC-USD',
        coin: 'BTC',
        isLong: true,
        size: 0.002,
        closedAt: expect.any(Number),
      });
      expect(trip!.entryPrice).toBeGreaterThan(99_000);
      expect(trip!.exitPrice).toBeGreaterThan(101_000);
      expect(trip!.feesUsd).toBeGreaterThan(0);
      expect(trip!.pnlUsd).toBeCloseTo(
        (trip!.exitPrice! - trip!.entryPrice) * 0.002 - trip!.feesUsd,
        4,
      );
      expect(trip!.tids).toHaveLength(2);

      const body = { tids: trip!.tids, stopLoss: 99_000, takeProfit: 102_000 };
      const res = await call(user.token, 'POST', '/api/exchange/unjournaled/import', body);
      expect(res.statusCode, res.body).toBe(201);
      const { trade, stats } = res.json();
      expect(trade).toMatchObject({
        pair: 'BTC-USD',
        isLong: true,
        status: 'TARGET_HIT',
        verified: true,
        score: 0,
        cells: null,
        targetManual: true,
        stopLoss: 99_000,
        takeProfit: 102_000,
        quantity: 0.002,
      });
      expect(trade.entryPrice).toBeCloseTo(trip!.entryPrice, 6);
      expect(trade.exitPrice).toBeCloseTo(trip!.exitPrice!, 6);
      expect(trade.feesUsd).toBeCloseTo(trip!.feesUsd, 6);
      expect(trade.pnlUsd).toBeCloseTo(trip!.pnlUsd!, 2);
      expect(stats).toMatchObject({ tradeStreak: 1 });
      // Taken today off the plan, it counted as one of today's trades when the list's read
      // journaled it; giving it a plan does not count it again.
      expect(stats.dailyStats.trades).toBe(1);
      expect(await trips(user.token)).toEqual([]);
      const listed = (await call(user.token, 'GET', '/api/trades')).json() as Array<{
        id: string;
        offPlan: boolean;
      }>;
      expect(listed.map((t) => [t.id, t.offPlan])).toEqual([[trade.id, false]]);
      const rows = await ctx.database.db
        .select()
        .from(exchangeFills)
        .where(eq(exchangeFills.tradeId, trade.id));
      expect(rows.map((r) => r.role).sort()).toEqual(['close', 'entry']);

      const twice = await call(user.token, 'POST', '/api/exchange/unjournaled/import', body);
      expect(twice.statusCode).toBe(409);
    });

    it('refuses levels on the wrong side of the fills, and fills that are not one closed trip', async () => {
      const user = await paperTrader();
      await roundTrip(user.token, 101_000);
      await pin(MARK);
      await market(user.token, 'buy');
      const [closed, open] = await trips(user.token);
      expect(open).toMatchObject({ exitPrice: null, pnlUsd: null, closedAt: null });
      const url = '/api/exchange/unjournaled/import';
      const wrongStop = await call(user.token, 'POST', url, {
        tids: closed!.tids,
        stopLoss: 120_000,
        takeProfit: 130_000,
      });
      expect(wrongStop.statusCode).toBe(400);
      expect(wrongStop.json().error).toMatchObject({
        field: 'stopLoss',
        message: 'For a long trade the entry must be above the stoploss',
      });
      const stillOpen = await call(user.token, 'POST', url, {
        tids: open!.tids,
        stopLoss: 90_000,
        takeProfit: 110_000,
      });
      expect(stillOpen.statusCode).toBe(400);
      expect(stillOpen.json().error.message).toMatch(/^These fills are not one closed trip/);
      const none = await call(user.token, 'POST', url, { tids: [], stopLoss: 1, takeProfit: 2 });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.message).toBe('Choose the fills of a trip');
    });

    it('attaches a trip to an OPEN journal trade of the same pair and side: closed, verified', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const journal = await createTrade(ctx.app, user.token, JOURNAL_LONG);
      const short = await createTrade(ctx.app, user.token, {
        ...JOURNAL_LONG,
        isLong: false,
        stopLoss: 103_000,
        takeProfit: 97_000,
      });
      await roundTrip(user.token, 98_000);
      const [trip] = await trips(user.token);
      const url = '/api/exchange/unjournaled/attach';

      const wrongSide = await call(user.token, 'POST', url, {
        tids: trip!.tids,
        tradeId: short.id,
      });
      expect(wrongSide.statusCode).toBe(400);
      expect(wrongSide.json().error.message).toBe(
        'This trip is a long BTC, the trade a short BTC-USD: attach it to a trade of the same pair and side.',
      );
      const stranger = await paperTrader();
      const theirs = await call(stranger.token, 'POST', url, {
        tids: trip!.tids,
        tradeId: journal.id,
      });
      expect(theirs.statusCode).toBe(404);

      const res = await call(user.token, 'POST', url, { tids: trip!.tids, tradeId: journal.id });
      expect(res.statusCode, res.body).toBe(200);
      const { trade, stats } = res.json();
      expect(trade).toMatchObject({ id: journal.id, status: 'STOPLOSS_HIT', verified: true });
      expect(trade.exitPrice).toBeCloseTo(trip!.exitPrice!, 6);
      expect(trade.quantity).toBe(0.002);
      expect(trade.rMultiple).toBeLessThan(-0.5);
      expect(stats.slTaken).toBe(1);
      expect(await trips(user.token)).toEqual([]);

      const closedAlready = await call(user.token, 'POST', url, {
        tids: trip!.tids,
        tradeId: short.id,
      });
      expect(closedAlready.statusCode).toBe(409);
    });

    it('refuses to attach to a trade placed on the exchange', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const placed = (
        await call(user.token, 'POST', '/api/trades', {
          ...JOURNAL_LONG,
          entryPrice: 99_000,
          order: { type: 'limit', leverage: 5 },
        })
      ).json();
      await roundTrip(user.token, 101_000);
      const [trip] = await trips(user.token);
      const res = await call(user.token, 'POST', '/api/exchange/unjournaled/attach', {
        tids: trip!.tids,
        tradeId: placed.id,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toMatch(/^This trade was placed on the exchange/);
    });

    it('dismisses an open trip: it leaves the list, its fills stay stored; a closed one counts', async () => {
      const user = await paperTrader();
      await pin(MARK);
      await market(user.token, 'buy');
      const [open] = await trips(user.token);
      expect(open).toMatchObject({ closedAt: null });
      const res = await call(user.token, 'POST', '/api/exchange/unjournaled/dismiss', {
        tids: open!.tids,
      });
      expect(res.statusCode, res.body).toBe(204);
      expect(await trips(user.token)).toEqual([]);
      const stored = await ctx.database.db
        .select()
        .from(exchangeFills)
        .where(and(eq(exchangeFills.userId, user.id), isNull(exchangeFills.tradeId)));
      expect(stored.map((f) => f.dismissed)).toEqual([true]);
      const other = await paperTrader();
      const theirs = await call(other.token, 'POST', '/api/exchange/unjournaled/dismiss', {
        tids: open!.tids,
      });
      expect(theirs.statusCode).toBe(409);

      // A closed round trip was taken off the plan: it is journaled and cannot be dismissed.
      const trader = await paperTrader();
      await roundTrip(trader.token, 100_500);
      const [closed] = await trips(trader.token);
      const refused = await call(trader.token, 'POST', '/api/exchange/unjournaled/dismiss', {
        tids: closed!.tids,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toMatch(/^This trade counts: .* cannot be dismissed\.$/);
      expect(await trips(trader.token)).toHaveLength(1);
    });

    it('imports a losing trip while the session is ended: the trade and the loss are recorded', async () => {
      const user = await paperTrader();
      // Traded on the exchange before the journal's third stoploss ended the session.
      await roundTrip(user.token, 98_000);
      await pin(MARK);
      for (let i = 0; i < 3; i++) {
        const trade = await createTrade(ctx.app, user.token, JOURNAL_LONG);
        const res = await call(user.token, 'PUT', `/api/trades/${trade.id}/status`, {
          status: 'STOPLOSS_HIT',
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const locked = await call(user.token, 'POST', '/api/trades', JOURNAL_LONG);
      expect(locked.statusCode).toBe(403);
      const [trip] = await trips(user.token);
      const res = await call(user.token, 'POST', '/api/exchange/unjournaled/import', {
        tids: trip!.tids,
        stopLoss: 99_000,
        takeProfit: 102_000,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().trade).toMatchObject({ status: 'STOPLOSS_HIT', verified: true });
      expect(res.json().stats).toMatchObject({ slTaken: 3 });
      expect(res.json().stats.dailyStats.losses).toBe(4);
    });

    it('needs a connection', async () => {
      const user = await register(ctx.app);
      const res = await call(user.token, 'GET', '/api/exchange/unjournaled');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('EXCHANGE_NOT_CONNECTED');
    });
  },
  { env: () => ({ PAPER_CONTROL: 'true' }) },
);
