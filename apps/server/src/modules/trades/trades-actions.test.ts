import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { tradeOrders, trades } from '../../db/schema/index.js';
import { createTrade } from '../../test/api.js';
import { LIMIT, LONG, MARK, liveHelpers } from '../../test/live-trading.js';
import { describeEachDatabase } from '../../test/helper.js';
import { RiskService } from '../risk/risk.service.js';
import { UserLocks } from '../../lib/user-lock.js';
import { LiveDesk } from './live-desk.js';
import { TradeActions } from './trades-actions.js';
import type { BracketPlacer } from './trades-live.js';

const MARKET = { type: 'market', leverage: 5 };

interface FrontOrder {
  oid: number;
  isTrigger: boolean;
  triggerPx: string;
  reduceOnly: boolean;
  sz: string;
  children: FrontOrder[];
}

describeEachDatabase(
  'actions on a trade placed on the paper exchange: cancel entry, move stop, close at market',
  (ctx) => {
    const { call, pin, paperTrader, paperInfo } = liveHelpers(
      () => ctx.app,
      () => ctx.database,
    );
    /** Open orders, triggers included (a bracket's children flattened). */
    const openOrders = async (wallet: string) => {
      const top = (await paperInfo({ type: 'frontendOpenOrders', user: wallet })) as FrontOrder[];
      return top.flatMap((o) => [o, ...(o.children ?? [])]);
    };
    const place = async (token: string, body: object) => {
      const res = await call(token, 'POST', '/api/trades', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const getTrade = async (token: string, id: string) =>
      (await call(token, 'GET', `/api/trades/${id}`)).json();

    it('cancels a resting entry: the trade and its three orders are gone', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const trade = await place(user.token, { ...LONG, order: LIMIT });
      expect(await openOrders(user.wallet)).toHaveLength(3);

      const res = await call(user.token, 'POST', `/api/trades/${trade.id}/cancel-entry`);
      expect(res.statusCode, res.body).toBe(204);
      expect(await openOrders(user.wallet)).toEqual([]);
      expect((await call(user.token, 'GET', `/api/trades/${trade.id}`)).statusCode).toBe(404);
      const rows = await ctx.database.db.select().from(trades).where(eq(trades.userId, user.id));
      expect(rows).toEqual([]);
      // The day's trade count keeps it.
      const risk = (await call(user.token, 'GET', '/api/risk-management')).json();
      expect(risk.dailyStats.trades).toBe(1);
    });

    it('refuses to cancel an entry that has filled, and leaves its take profit and stop', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const trade = await place(user.token, { ...LONG, order: LIMIT });
      await pin(98_900);
      // Any read of the account fills the entry; the journal has not seen it yet.
      await paperInfo({ type: 'clearinghouseState', user: user.wallet });
      const [link] = await ctx.database.db
        .select()
        .from(tradeOrders)
        .where(eq(tradeOrders.tradeId, trade.id));
      expect(link!.execution).toBe('resting');

      const res = await call(user.token, 'POST', `/api/trades/${trade.id}/cancel-entry`);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(
        'The entry has already filled: close the position at market instead.',
      );
      const live = (await getTrade(user.token, trade.id)).live;
      expect(live.execution).toBe('open');
      expect((await openOrders(user.wallet)).map((o) => o.triggerPx).sort()).toEqual([
        '103000',
        '97000',
      ]);
      // Once the journal knows, the refusal comes before any exchange call.
      const again = await call(user.token, 'POST', `/api/trades/${trade.id}/cancel-entry`);
      expect(again.statusCode).toBe(409);
    });

    it('moves the stop to break-even: the old stop is replaced, and its fill closes the trade at 0R, verified', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const trade = await place(user.token, { ...LONG, entryPrice: MARK, order: MARKET });
      await ctx.app.reconciler.runOnce();
      const held = await getTrade(user.token, trade.id);
      expect(held.live).toMatchObject({ execution: 'open', filledPrice: expect.any(Number) });
      const breakEven = held.live.filledPrice as number;
      const oldStop = held.live.orders.stopLoss as string;

      await pin(101_000);
      const res = await call(user.token, 'POST', `/api/trades/${trade.id}/stop`, {
        stopLoss: breakEven,
      });
      expect(res.statusCode, res.body).toBe(200);
      const moved = res.json().trade;
      expect(moved.stopLoss).toBe(97_000);
      expect(moved.live.stopPrice).toBe(breakEven);
      expect(moved.live.orders.stopLoss).toMatch(/^\d+$/);
      expect(moved.live.orders.stopLoss).not.toBe(oldStop);
      const open = await openOrders(user.wallet);
      expect(open.map((o) => String(o.oid))).not.toContain(oldStop);
      expect(open.find((o) => String(o.oid) === moved.live.orders.stopLoss)).toMatchObject({
        isTrigger: true,
        reduceOnly: true,
        sz: String(held.live.filledSize),
      });

      await pin(breakEven);
      await paperInfo({ type: 'clearinghouseState', user: user.wallet });
      await ctx.app.reconciler.runOnce();
      const closed = await getTrade(user.token, trade.id);
      expect(closed.verified).toBe(true);
      // The stop price keeps BTC's 5 significant figures: within $10 of the fill, about 0R.
      expect(Math.abs(closed.exitPrice - breakEven)).toBeLessThan(10);
      expect(Math.abs(closed.rMultiple)).toBeLessThan(0.01);
      // A moved stop is not a plain stoploss: the outcome follows R.
      expect(closed.status).toBe(closed.rMultiple >= 0 ? 'TARGET_HIT' : 'STOPLOSS_HIT');
    });

    it('a stop trailed into profit closes as a win, and does not count as a stoploss', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const trade = await place(user.token, { ...LONG, entryPrice: MARK, order: MARKET });
      await ctx.app.reconciler.runOnce();
      const held = await getTrade(user.token, trade.id);
      const entry = held.live.filledPrice as number;

      // Under the 103,000 target, so only the stop can close it.
      await pin(102_800);
      const res = await call(user.token, 'POST', `/api/trades/${trade.id}/stop`, {
        stopLoss: 102_000,
      });
      expect(res.statusCode, res.body).toBe(200);
      await pin(101_900);
      await paperInfo({ type: 'clearinghouseState', user: user.wallet });
      await ctx.app.reconciler.runOnce();
      const closed = await getTrade(user.token, trade.id);
      expect(closed).toMatchObject({ status: 'TARGET_HIT', verified: true });
      expect(closed.exitPrice).toBeGreaterThan(entry);
      expect(closed.rMultiple).toBeGreaterThan(0.5);
      const risk = (await call(user.token, 'GET', '/api/risk-management')).json();
      expect(risk).toMatchObject({ slTaken: 0, tradeStreak: 1 });
    });

    it('refuses a stop moved away from profit or past the market, and before the entry fills', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const resting = await place(user.token, { ...LONG, order: LIMIT });
      const early = await call(user.token, 'POST', `/api/trades/${resting.id}/stop`, {
        stopLoss: 98_000,
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toMatch(/^The entry has not filled yet/);

      const trade = await place(user.token, { ...LONG, entryPrice: MARK, order: MARKET });
      for (const [stopLoss, message] of [
        [
          96_000,
          'A stop only moves toward profit: choose a price above the original stop of 97,000.',
        ],
        [100_500, /^A long's stop must be below the market price of 100,000/],
      ] as const) {
        const res = await call(user.token, 'POST', `/api/trades/${trade.id}/stop`, { stopLoss });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'stopLoss' });
        expect(res.json().error.message).toMatch(message);
      }
      const bad = await call(user.token, 'POST', `/api/trades/${trade.id}/stop`, { stopLoss: 'x' });
      expect(bad.statusCode).toBe(400);
      expect((await getTrade(user.token, trade.id)).live.stopPrice).toBeNull();
    });

    it('closes at market: verified, at the fill price, with no order left', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const trade = await place(user.token, { ...LONG, entryPrice: MARK, order: MARKET });
      await pin(101_500);
      const res = await call(user.token, 'POST', `/api/trades/${trade.id}/close-market`);
      expect(res.statusCode, res.body).toBe(200);
      const { trade: closed, stats } = res.json();
      expect(closed).toMatchObject({ status: 'TARGET_HIT', verified: true });
      expect(closed.live.execution).toBe('closed');
      expect(closed.exitPrice).toBeGreaterThan(100_000);
      expect(closed.feesUsd).toBeGreaterThan(0);
      expect(closed.rMultiple).toBeGreaterThan(0);
      expect(stats.tradeStreak).toBe(1);
      const fills = await paperInfo({ type: 'userFills', user: user.wallet });
      expect(closed.exitPrice).toBeCloseTo(Number(fills[0].px), 6);
      expect(await openOrders(user.wallet)).toEqual([]);
      const state = await paperInfo({ type: 'clearinghouseState', user: user.wallet });
      expect(state.assetPositions).toEqual([]);

      const again = await call(user.token, 'POST', `/api/trades/${trade.id}/close-market`);
      expect(again.statusCode).toBe(409);
    });

    it('does not delete the trade while it cannot read whether the entry filled (503)', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const trade = await place(user.token, { ...LONG, order: LIMIT });
      const cancelled: string[][] = [];
      const bracket = {
        cancelCloids: async (_u: string, _c: string, _p: string, cloids: string[]) => {
          cancelled.push(cloids);
        },
      } as unknown as BracketPlacer;
      let reads = 0;
      const desk = new LiveDesk({
        db: ctx.database.db,
        now: ctx.clock.now,
        locks: new UserLocks(),
        log: ctx.app.log,
      });
      const actions = new TradeActions({
        db: ctx.database.db,
        risk: new RiskService(ctx.database.db, ctx.clock.now),
        desk,
        bracket,
        // Another instance holds the connection's lease the whole time.
        sync: async () => {
          reads++;
          return false;
        },
      });
      await expect(
        actions.cancelEntry({ id: user.id, timeZone: 'UTC' }, trade.id, { fingerprint: '' }),
      ).rejects.toMatchObject({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(reads).toBe(4);
      expect(cancelled).toHaveLength(1);
      expect((await call(user.token, 'GET', `/api/trades/${trade.id}`)).statusCode).toBe(200);
    });

    it("answers 404 for another user's trade and 409 for a trade that was not placed", async () => {
      await pin(MARK);
      const owner = await paperTrader();
      const trade = await place(owner.token, { ...LONG, order: LIMIT });
      const other = await paperTrader();
      const journal = await createTrade(ctx.app, other.token, LONG);
      for (const [action, body] of [
        ['cancel-entry', undefined],
        ['stop', { stopLoss: 98_000 }],
        ['close-market', undefined],
      ] as const) {
        const theirs = await call(other.token, 'POST', `/api/trades/${trade.id}/${action}`, body);
        expect(theirs.statusCode, action).toBe(404);
        expect(theirs.json().error.code).toBe('NOT_FOUND');
        const unknown = await call(other.token, 'POST', `/api/trades/not-a-uuid/${action}`, body);
        expect(unknown.statusCode, action).toBe(404);
        const plain = await call(other.token, 'POST', `/api/trades/${journal.id}/${action}`, body);
        expect(plain.statusCode, action).toBe(409);
        expect(plain.json().error.message).toMatch(/^This trade was not placed on the exchange/);
      }
      expect(await openOrders(owner.wallet)).toHaveLength(3);
    });
  },
  { env: () => ({ PAPER_CONTROL: 'true' }) },
);
