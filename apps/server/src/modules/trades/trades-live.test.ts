import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { tradeOrders, trades } from '../../db/schema/index.js';
import { createTrade, register } from '../../test/api.js';
import { LIMIT, LONG, MARK, liveHelpers } from '../../test/live-trading.js';
import { describeEachDatabase } from '../../test/helper.js';

interface FrontOrder {
  oid: number;
  side: string;
  limitPx: string;
  sz: string;
  isTrigger: boolean;
  triggerPx: string;
  reduceOnly: boolean;
  orderType: string;
  cloid: string | null;
  children: FrontOrder[];
}

describeEachDatabase(
  'journal trades placed on the paper exchange as brackets',
  (ctx) => {
    const { call, pin, paperTrader, paperInfo } = liveHelpers(
      () => ctx.app,
      () => ctx.database,
    );
    /** A user with a one-click paper connection and its wallet address. */
    const stored = async (userId: string) => ({
      trades: await ctx.database.db.select().from(trades).where(eq(trades.userId, userId)),
      orders: await ctx.database.db
        .select()
        .from(tradeOrders)
        .where(eq(tradeOrders.userId, userId)),
    });
    const nothingStored = async (userId: string) =>
      expect(await stored(userId)).toEqual({ trades: [], orders: [] });

    it('places a long limit bracket: the entry rests with its TP and SL, the trade links them', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const res = await call(user.token, 'POST', '/api/trades', { ...LONG, order: LIMIT });
      expect(res.statusCode, res.body).toBe(201);
      const trade = res.json();
      expect(trade).toMatchObject({ status: 'OPEN', sizeUsd: 500, entryPrice: 99_000 });
      expect(trade.live).toEqual({
        connectionId: user.connectionId,
        orders: {
          entry: expect.stringMatching(/^\d+$/),
          takeProfit: expect.stringMatching(/^\d+$/),
          stopLoss: expect.stringMatching(/^\d+$/),
        },
        leverage: 5,
        orderType: 'limit',
        execution: 'resting',
        filledPrice: null,
        filledSize: null,
        stopPrice: null,
      });

      const [row] = (await stored(user.id)).orders;
      expect(row).toMatchObject({ tradeId: trade.id, coin: 'BTC', leverage: 5 });
      expect(row!.entryCloid).toMatch(/^0x[0-9a-f]{32}$/);

      // 500 / 99,000 = 0.0050505 BTC, cut to BTC's 5 size decimals.
      const open = (await paperInfo({
        type: 'frontendOpenOrders',
        user: user.wallet,
      })) as FrontOrder[];
      expect(open).toHaveLength(1);
      expect(open[0]).toMatchObject({
        oid: Number(trade.live.orders.entry),
        side: 'B',
        limitPx: '99000',
        sz: '0.00505',
        isTrigger: false,
        cloid: row!.entryCloid,
      });
      expect(open[0]!.children).toMatchObject([
        { isTrigger: true, triggerPx: '103000', reduceOnly: true, side: 'A', sz: '0.00505' },
        { isTrigger: true, triggerPx: '97000', reduceOnly: true, side: 'A', sz: '0.00505' },
      ]);
      expect(open[0]!.children.map((c) => c.orderType)).toEqual([
        'Take Profit Market',
        'Stop Market',
      ]);
      const state = await paperInfo({ type: 'orderStatus', user: user.wallet, oid: row!.tpCloid });
      expect(state.order.order.oid).toBe(Number(trade.live.orders.takeProfit));

      const got = await call(user.token, 'GET', `/api/trades/${trade.id}`);
      expect(got.statusCode).toBe(200);
      expect(got.json()).toEqual(trade);
      const other = await register(ctx.app);
      const theirs = await call(other.token, 'GET', `/api/trades/${trade.id}`);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().error.code).toBe('NOT_FOUND');
    });

    it('places a market bracket: the entry fills at once, TP and SL rest as triggers', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const res = await call(user.token, 'POST', '/api/trades', {
        ...LONG,
        entryPrice: MARK,
        order: { type: 'market', leverage: 3 },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().live.orderType).toBe('market');
      const state = await paperInfo({ type: 'clearinghouseState', user: user.wallet });
      // 500 / 100,000 = 0.005 BTC.
      expect(state.assetPositions).toMatchObject([
        { position: { coin: 'BTC', szi: '0.005', leverage: { type: 'cross', value: 3 } } },
      ]);
      const open = (await paperInfo({
        type: 'frontendOpenOrders',
        user: user.wallet,
      })) as FrontOrder[];
      expect(open.map((o) => [o.isTrigger, o.triggerPx, o.sz, o.reduceOnly])).toEqual(
        expect.arrayContaining([
          [true, '103000', '0.005', true],
          [true, '97000', '0.005', true],
        ]),
      );
      expect(open).toHaveLength(2);
    });

    it('a trade without order stays a journal row with no live field', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const trade = await createTrade(ctx.app, user.token, LONG);
      const got = (await call(user.token, 'GET', `/api/trades/${trade.id}`)).json();
      expect(got.live).toBeUndefined();
      expect((await call(user.token, 'GET', '/api/trades/not-a-uuid')).statusCode).toBe(404);
    });

    it('refuses without a connection, above the suggested size, and when the session is ended', async () => {
      await pin(MARK);
      const lone = await register(ctx.app);
      const none = await call(lone.token, 'POST', '/api/trades', { ...LONG, order: LIMIT });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.code).toBe('EXCHANGE_NOT_CONNECTED');
      await nothingStored(lone.id);

      const user = await paperTrader();
      const big = await call(user.token, 'POST', '/api/trades', {
        ...LONG,
        sizeUsd: 1500,
        order: LIMIT,
      });
      expect(big.statusCode).toBe(400);
      expect(big.json().error.message).toMatch(/1,000/);
      await nothingStored(user.id);

      const leverage = await call(user.token, 'POST', '/api/trades', {
        ...LONG,
        order: { type: 'limit', leverage: 41 },
      });
      expect(leverage.statusCode).toBe(400);
      expect(leverage.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        field: 'order.leverage',
        message: 'Leverage must be a whole number from 1 to 40 for BTCUSDT',
      });
      await nothingStored(user.id);

      for (let i = 0; i < 3; i++) await createTrade(ctx.app, user.token, LONG);
      const ended = await call(user.token, 'POST', '/api/trades', { ...LONG, order: LIMIT });
      expect(ended.statusCode).toBe(403);
      expect(ended.json().error).toMatchObject({ code: 'SESSION_ENDED', reason: 'DAILY_TRADES' });
      expect((await stored(user.id)).orders).toEqual([]);
      expect(await paperInfo({ type: 'frontendOpenOrders', user: user.wallet })).toEqual([]);
    });

    it("answers the exchange's refusal with 422 and stores nothing", async () => {
      await pin(MARK);
      const user = await paperTrader();
      const res = await call(user.token, 'POST', '/api/trades', {
        ...LONG,
        sizeUsd: 5,
        order: LIMIT,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({
        code: 'EXCHANGE_REJECTED',
        message: 'Failed to place order: Order must have minimum value of $10.',
      });
      await nothingStored(user.id);
      expect(await paperInfo({ type: 'frontendOpenOrders', user: user.wallet })).toEqual([]);
    });

    it('keeps what the exchange took when the trade cannot be recorded: 503, then adopted', async () => {
      await pin(MARK);
      const user = await paperTrader();
      await ctx.database.db.execute(
        sql.raw(`create function fail_trade_orders() returns trigger language plpgsql as $$
          begin raise exception 'injected failure'; end $$`),
      );
      await ctx.database.db.execute(
        sql.raw(`create trigger fail_trade_orders before insert on trade_orders
          for each row execute function fail_trade_orders()`),
      );
      try {
        const res = await call(user.token, 'POST', '/api/trades', { ...LONG, order: LIMIT });
        expect(res.statusCode).toBe(503);
        expect(res.json().error).toEqual({
          code: 'SERVICE_UNAVAILABLE',
          message:
            "Your order is on the exchange, but the journal could not record it just now. It is added to your journal by itself as soon as the database answers again: don't place it again.",
        });
        // Nothing recorded yet, and the bracket stands on the exchange (never cancelled).
        await nothingStored(user.id);
        const open = (await paperInfo({
          type: 'frontendOpenOrders',
          user: user.wallet,
        })) as FrontOrder[];
        expect(open).toHaveLength(1);
        expect(open[0]!.children).toHaveLength(2);
      } finally {
        await ctx.database.db.execute(sql.raw('drop trigger fail_trade_orders on trade_orders'));
        await ctx.database.db.execute(sql.raw('drop function fail_trade_orders()'));
      }
      // The reconciler's next pass adopts the intent: the journal trade with its orders.
      await ctx.app.reconciler.runOnce();
      const { trades: rows, orders } = await stored(user.id);
      expect(rows).toHaveLength(1);
      expect(orders).toHaveLength(1);
      const open = (await paperInfo({
        type: 'frontendOpenOrders',
        user: user.wallet,
      })) as FrontOrder[];
      expect(open[0]!.cloid).toBe(orders[0]!.entryCloid);
      expect(String(open[0]!.oid)).toBe(orders[0]!.entryOid);
      const risk = (await call(user.token, 'GET', '/api/risk-management')).json();
      expect(risk.dailyStats.trades).toBe(1);
    });
  },
  { env: () => ({ PAPER_CONTROL: 'true' }) },
);
