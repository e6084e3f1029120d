import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { liveIntents, tradeOrders } from '../../db/schema/index.js';
import { crashSwitch, expectLiveInvariants, restart } from '../../test/crash.js';
import { describeEachDatabase } from '../../test/helper.js';
import { LIMIT, LONG, MARK, liveHelpers } from '../../test/live-trading.js';
import { INTENT_GRACE_MS } from './live-desk.js';

/**
 * The server dies at each step of a live action (a fault point that never returns: nothing
 * after it runs), a new app starts on the same database, and the exchange's own state and the
 * journal must agree (DESIGN.md section 11): every order the app placed belongs to a trade,
 * every position has its stop, a retry with the same key never places twice.
 */
const crash = crashSwitch();

describeEachDatabase(
  'a server killed during live actions, then restarted',
  (ctx) => {
    const { call, pin, paperTrader, paperInfo, post } = liveHelpers(
      () => ctx.app,
      () => ctx.database,
    );
    /** Sends a request that dies at `point` (never answered), then restarts the server. */
    const dieAt = async (point: Parameters<typeof crash.arm>[0], send: () => unknown) => {
      const reached = crash.arm(point);
      void send();
      await reached;
      await restart(ctx, crash);
    };
    const intentsOf = (userId: string) =>
      ctx.database.db.select().from(liveIntents).where(eq(liveIntents.userId, userId));
    const MARKET = { ...LONG, entryPrice: MARK, order: { type: 'market', leverage: 3 } };

    it('after the exchange took a bracket, before the journal: adopted at start-up; the retry gets it', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const key = randomUUID();
      const body = { ...LONG, order: LIMIT };
      await dieAt('place:sent', () => post(user.token, '/api/trades', body, key));
      const { trades, orders } = await expectLiveInvariants(ctx, user);
      expect(trades).toHaveLength(1);
      expect(orders).toHaveLength(3);
      const retry = await post(user.token, '/api/trades', body, key);
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.json()).toMatchObject({ id: trades[0]!.id, live: { execution: 'resting' } });
      const after = await expectLiveInvariants(ctx, user);
      expect(after.trades).toHaveLength(1);
      expect(after.orders).toHaveLength(3);
      expect((await call(user.token, 'GET', '/api/risk-management')).json().dailyStats.trades).toBe(
        1,
      );
    });

    it('a market entry that filled before the crash: adopted with its stop, and closed by it', async () => {
      await pin(MARK);
      const user = await paperTrader();
      await dieAt('place:sent', () => post(user.token, '/api/trades', MARKET, randomUUID()));
      const { trades, positions } = await expectLiveInvariants(ctx, user);
      expect(trades).toHaveLength(1);
      expect(positions.map((p) => p.position.szi)).toEqual(['0.005']);
      // The stop fills: the journal closes the trade from it (it is not left OPEN forever).
      await pin(96_000);
      await paperInfo({ type: 'clearinghouseState', user: user.wallet });
      await ctx.app.reconciler.runOnce();
      const trade = (await call(user.token, 'GET', `/api/trades/${trades[0]!.id}`)).json();
      expect(trade).toMatchObject({ status: 'STOPLOSS_HIT', verified: true });
      const end = await expectLiveInvariants(ctx, user);
      expect(end.positions).toEqual([]);
      expect(end.orders).toEqual([]);
    });

    it('before anything was sent: the retry waits for the grace, then places once', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const key = randomUUID();
      const body = { ...LONG, order: LIMIT };
      await dieAt('place:intent', () => post(user.token, '/api/trades', body, key));
      // The exchange knows no such order, but a request in flight might still arrive there.
      expect(await intentsOf(user.id)).toHaveLength(1);
      const early = await post(user.token, '/api/trades', body, key);
      expect(early.statusCode).toBe(503);
      expect(early.json().error.code).toBe('ORDER_UNCONFIRMED');
      ctx.clock.advance(INTENT_GRACE_MS + 1_000);
      await ctx.app.reconciler.runOnce();
      expect(await intentsOf(user.id)).toEqual([]);
      expect((await expectLiveInvariants(ctx, user)).orders).toEqual([]);
      const retry = await post(user.token, '/api/trades', body, key);
      expect(retry.statusCode, retry.body).toBe(201);
      const { trades, orders } = await expectLiveInvariants(ctx, user);
      expect(trades).toHaveLength(1);
      expect(orders).toHaveLength(3);
    });

    it('after the record, before the answer: the retry gets the recorded trade', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const key = randomUUID();
      const body = { ...LONG, order: LIMIT };
      await dieAt('place:recorded', () => post(user.token, '/api/trades', body, key));
      const { trades } = await expectLiveInvariants(ctx, user);
      const retry = await post(user.token, '/api/trades', body, key);
      expect(retry.json().id).toBe(trades[0]!.id);
      expect((await expectLiveInvariants(ctx, user)).orders).toHaveLength(3);
    });

    it('a stop move sent but not recorded: finished at start-up, and the new stop closes the trade', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const trade = (await post(user.token, '/api/trades', MARKET)).json();
      const key = randomUUID();
      const move = () =>
        post(user.token, `/api/trades/${trade.id}/stop`, { stopLoss: 99_000 }, key);
      await dieAt('stop:sent', move);
      const { links, orders } = await expectLiveInvariants(ctx, user);
      const stops = orders.filter((o) => o.orderType === 'Stop Market');
      // One stop on the exchange: the new one, now the trade's.
      expect(stops.map((o) => o.cloid)).toEqual([links[0]!.slCloid]);
      expect(links[0]!.stopPx).toBe('99000');
      // The retry with its key gets the move that was made, and sends no second stop.
      const retry = await move();
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().trade.live).toMatchObject({
        stopPrice: 99_000,
        orders: { stopLoss: links[0]!.slOid },
      });
      const again = await expectLiveInvariants(ctx, user);
      expect(again.orders.filter((o) => o.orderType === 'Stop Market')).toHaveLength(1);
      expect(again.links[0]!.slCloid).toBe(links[0]!.slCloid);
      await pin(98_500);
      await paperInfo({ type: 'clearinghouseState', user: user.wallet });
      await ctx.app.reconciler.runOnce();
      const closed = (await call(user.token, 'GET', `/api/trades/${trade.id}`)).json();
      expect(closed).toMatchObject({ verified: true });
      expect(closed.status).not.toBe('OPEN');
      expect((await expectLiveInvariants(ctx, user)).positions).toEqual([]);
    });

    it('a stop move that never left: dropped after the grace, the old stop still guards', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const trade = (await post(user.token, '/api/trades', MARKET)).json();
      const [before] = await ctx.database.db
        .select()
        .from(tradeOrders)
        .where(eq(tradeOrders.tradeId, trade.id));
      await dieAt('stop:intent', () =>
        post(user.token, `/api/trades/${trade.id}/stop`, { stopLoss: 99_000 }),
      );
      ctx.clock.advance(INTENT_GRACE_MS + 1_000);
      await ctx.app.reconciler.runOnce();
      const { links } = await expectLiveInvariants(ctx, user);
      expect(links[0]!.slCloid).toBe(before!.slCloid);
      const moved = await post(user.token, `/api/trades/${trade.id}/stop`, { stopLoss: 99_000 });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().trade.live.stopPrice).toBe(99_000);
    });

    it('a close at market sent but not followed up: closed verified at start-up, nothing left', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const trade = (await post(user.token, '/api/trades', MARKET)).json();
      const key = randomUUID();
      const close = () => post(user.token, `/api/trades/${trade.id}/close-market`, {}, key);
      await dieAt('close:sent', close);
      await ctx.app.reconciler.runOnce();
      const closed = (await call(user.token, 'GET', `/api/trades/${trade.id}`)).json();
      expect(closed).toMatchObject({ verified: true, live: { execution: 'closed' } });
      // The retry with its key is answered the close, not 409.
      const retry = await close();
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().trade).toMatchObject({ id: trade.id, verified: true });
      const end = await expectLiveInvariants(ctx, user);
      expect(end.positions).toEqual([]);
      expect(end.orders).toEqual([]);
    });

    it('an entry cancelled on the exchange before the journal knew: the trade goes at start-up', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const trade = (await post(user.token, '/api/trades', { ...LONG, order: LIMIT })).json();
      const key = randomUUID();
      const cancel = () => post(user.token, `/api/trades/${trade.id}/cancel-entry`, {}, key);
      await dieAt('cancel:sent', cancel);
      const end = await expectLiveInvariants(ctx, user);
      expect(end.trades).toEqual([]);
      expect(end.orders).toEqual([]);
      expect((await cancel()).statusCode).toBe(204);
    });
  },
  { env: () => ({ PAPER_CONTROL: 'true' }), faults: crash.faults, paperPins: crash.pins },
);
