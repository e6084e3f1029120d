import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { exchangeCursors } from '../../db/schema/index.js';
import { describeEachDatabase } from '../../test/helper.js';
import { LONG, MARK, SHORT, liveHelpers, vwapOf } from '../../test/live-trading.js';
import { MIN_SWEEP_MS } from './sweep.js';

describeEachDatabase(
  'the reconciler closes linked trades from exchange fills',
  (ctx) => {
    const t = liveHelpers(
      () => ctx.app,
      () => ctx.database,
    );
    const runOnce = () => ctx.app.reconciler.runOnce();

    it('a long limit bracket: entry fills, then the take profit: TARGET_HIT, verified, from the fills', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      const placedAt = Date.now();
      const placed = await t.place(user.token, LONG);
      // Placing the bracket started the connection's fill cursor a minute before it.
      const [cursor] = (await t.stored(user.id)).cursors;
      expect(cursor).toMatchObject({ connectionId: user.connectionId, failures: 0 });
      expect(cursor!.fillsFrom).toBeGreaterThanOrEqual(placedAt - 60_000);
      expect(cursor!.fillsFrom).toBeLessThanOrEqual(Date.now() - 60_000);
      const before = await t.risk(user.token);
      expect(before.tradeStreak).toBe(0);

      // The market is far from every level of the trade: a pass reads nothing of the account
      // (it looks at the prices only), and the entry still rests.
      expect(await runOnce()).toBe(0);
      expect((await t.trade(user.token, placed.id)).live.execution).toBe('resting');

      await t.pin(98_900);
      await runOnce();
      const open = await t.trade(user.token, placed.id);
      const [entryFill] = await t.paperFills(user.wallet);
      expect(entryFill).toMatchObject({ side: 'B', oid: Number(placed.live.orders.entry) });
      expect(open.status).toBe('OPEN');
      expect(open.live).toMatchObject({
        execution: 'open',
        filledPrice: Number(entryFill!.px),
        filledSize: Number(entryFill!.sz),
      });
      expect(open.verified).toBe(false);

      await t.pin(103_500);
      await runOnce();
      const fills = await t.paperFills(user.wallet);
      const entries = fills.filter((f) => f.side === 'B');
      const exits = fills.filter((f) => f.side === 'A');
      expect(exits.length).toBeGreaterThanOrEqual(1);
      const entry = vwapOf(entries);
      const exit = vwapOf(exits);
      const fees = entry.fees + exit.fees;
      expect(fees).toBeGreaterThan(0);

      const closed = await t.trade(user.token, placed.id);
      expect(closed).toMatchObject({ status: 'TARGET_HIT', verified: true });
      expect(closed.live.execution).toBe('closed');
      expect(closed.exitPrice).toBeCloseTo(exit.price, 6);
      expect(closed.entryPrice).toBeCloseTo(entry.price, 6);
      expect(closed.quantity).toBeCloseTo(entry.size, 10);
      expect(closed.feesUsd).toBeCloseTo(fees, 6);
      const r = (exit.price - entry.price) / (entry.price - LONG.stopLoss);
      expect(closed.rMultiple).toBeCloseTo(r, 4);
      expect(closed.pnlUsd).toBeCloseTo(entry.size * (exit.price - entry.price) - fees, 5);
      expect(closed.profitLoss).toBeCloseTo(exit.price - entry.price, 6);
      expect(closed.closedAt).not.toBeNull();

      // The sidebar's risk state moved with the real outcome.
      const after = await t.risk(user.token);
      expect(after.tradeStreak).toBe(1);
      expect(after.dailyStats.wins).toBe(before.dailyStats.wins + 1);
      expect(after.totalStats.totalGain).toBeCloseTo(closed.pnlUsd, 6);
      expect(after.dailyStats.dailyR).toBeCloseTo(closed.rMultiple, 4);

      // The list shows the trade with its live state too.
      const list = await t.call(user.token, 'GET', '/api/trades');
      expect(list.json().find((x: { id: string }) => x.id === placed.id)).toEqual(closed);
      const stored = await t.stored(user.id);
      expect(stored.fills.map((f) => f.role).sort()).toEqual(
        [...entries.map(() => 'entry'), ...exits.map(() => 'takeProfit')].sort(),
      );
      expect(stored.fills.every((f) => f.tradeId === placed.id)).toBe(true);
    });

    it('a short at its stop: STOPLOSS_HIT, one stoploss taken; passes again change nothing', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      const placed = await t.place(user.token, SHORT);
      await t.pin(101_100);
      await runOnce();
      await t.pin(103_600);
      await runOnce();

      const fills = await t.paperFills(user.wallet);
      const entry = vwapOf(fills.filter((f) => f.side === 'A'));
      const exit = vwapOf(fills.filter((f) => f.side === 'B'));
      const closed = await t.trade(user.token, placed.id);
      expect(closed).toMatchObject({ status: 'STOPLOSS_HIT', verified: true });
      expect(closed.exitPrice).toBeCloseTo(exit.price, 6);
      expect(closed.feesUsd).toBeCloseTo(entry.fees + exit.fees, 6);
      const r = (entry.price - exit.price) / (SHORT.stopLoss - entry.price);
      expect(closed.rMultiple).toBeCloseTo(r, 4);
      expect(closed.rMultiple).toBeLessThan(0);
      expect(closed.pnlUsd).toBeCloseTo(
        entry.size * (entry.price - exit.price) - entry.fees - exit.fees,
        5,
      );
      const risk = await t.risk(user.token);
      expect(risk.slTaken).toBe(1);
      expect(risk.tradeStreak).toBe(-1);
      expect(risk.dailyStats.losses).toBe(1);

      // The same fills read again (a pass, a sync from far back) are dropped by tid.
      const stored = await t.stored(user.id);
      await runOnce();
      expect(await ctx.app.reconciler.syncConnection(user.id, user.connectionId)).toBe(true);
      expect(
        await ctx.app.reconciler.syncConnection(user.id, user.connectionId, { since: 0 }),
      ).toBe(true);
      const again = await t.stored(user.id);
      expect(again.trades).toEqual(stored.trades);
      expect(again.fills).toEqual(stored.fills);
      expect(await t.risk(user.token)).toEqual(risk);
    });

    it('a market entry closes from its real fill price; another user cannot sync the connection', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      const placed = await t.place(
        user.token,
        { ...LONG, entryPrice: MARK },
        { type: 'market', leverage: 3 },
      );
      await t.pin(96_500);
      const other = await t.paperTrader();
      expect(await ctx.app.reconciler.syncConnection(other.id, user.connectionId)).toBe(false);
      expect((await t.trade(user.token, placed.id)).status).toBe('OPEN');

      expect(await ctx.app.reconciler.syncConnection(user.id, user.connectionId)).toBe(true);
      const fills = await t.paperFills(user.wallet);
      const entry = vwapOf(fills.filter((f) => f.side === 'B'));
      const closed = await t.trade(user.token, placed.id);
      expect(closed.status).toBe('STOPLOSS_HIT');
      expect(closed.entryPrice).toBeCloseTo(entry.price, 6);
      expect(closed.sizeUsd).toBeCloseTo(entry.size * entry.price, 5);
      expect(closed.riskUsd).toBeCloseTo(entry.size * (entry.price - LONG.stopLoss), 5);
    });

    it('a linked trade closed by hand stays unverified: its fills are kept, nothing moves again', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      const placed = await t.place(user.token, LONG);
      const hand = await t.call(user.token, 'PUT', `/api/trades/${placed.id}/status`, {
        status: 'TARGET_HIT',
      });
      expect(hand.statusCode, hand.body).toBe(200);
      // Its MFE / MAE are read after the close (issue 26): the trade as it then stays.
      await ctx.app.excursions.idle();
      const closedByHand = await t.trade(user.token, placed.id);
      const risk = await t.risk(user.token);
      await t.pin(98_900);
      await t.paperInfo({ type: 'frontendOpenOrders', user: user.wallet });
      await t.pin(96_500);
      await t.paperInfo({ type: 'frontendOpenOrders', user: user.wallet });
      await t.pin(MARK);
      expect(await ctx.app.reconciler.syncConnection(user.id, user.connectionId)).toBe(true);
      expect(await t.trade(user.token, placed.id)).toEqual(closedByHand);
      expect(closedByHand).toMatchObject({ status: 'TARGET_HIT', verified: false });
      expect(await t.risk(user.token)).toEqual(risk);
      const { fills } = await t.stored(user.id);
      expect(fills.map((f) => [f.tradeId, f.role])).toEqual([
        [placed.id, 'entry'],
        [placed.id, 'stopLoss'],
      ]);
    });

    it('unmatched fills are stored as unjournaled; a removed connection is no longer watched', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      const placed = await t.place(user.token, LONG);
      // A market order from the exchange page: not part of any journal trade.
      const order = await t.call(user.token, 'POST', '/api/exchange/order', {
        symbol: 'BTC',
        side: 'buy',
        size: 0.001,
        orderType: 'market',
      });
      expect(order.statusCode, order.body).toBe(201);
      // No level of the trade was reached: the sweep finds the position that moved.
      ctx.clock.advance(MIN_SWEEP_MS);
      await runOnce();
      const stored = await t.stored(user.id);
      expect(stored.fills).toMatchObject([{ tradeId: null, role: null, side: 'B' }]);
      expect((await t.trade(user.token, placed.id)).live.execution).toBe('resting');

      const removed = await t.call(
        user.token,
        'DELETE',
        `/api/users/exchanges/${user.connectionId}`,
      );
      expect(removed.statusCode, removed.body).toBeLessThan(300);
      ctx.clock.advance(MIN_SWEEP_MS);
      await runOnce();
      const cursors = await ctx.database.db
        .select()
        .from(exchangeCursors)
        .where(eq(exchangeCursors.connectionId, user.connectionId));
      expect(cursors).toEqual([]);
      expect(await ctx.app.reconciler.syncConnection(user.id, user.connectionId)).toBe(false);
    });
  },
  { env: () => ({ PAPER_CONTROL: 'true' }) },
);
