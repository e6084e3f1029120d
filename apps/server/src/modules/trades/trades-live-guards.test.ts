import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { tradeOrders, trades } from '../../db/schema/index.js';
import { createTrade, register } from '../../test/api.js';
import { LONG, MARK, liveHelpers } from '../../test/live-trading.js';
import { describeEachDatabase } from '../../test/helper.js';

const EDIT_REFUSED =
  "This trade is live on Hyperliquid: its levels are the exchange's orders. Move the stop from its card, or close it.";
const DELETE_REFUSED =
  'This trade is live on Hyperliquid: cancel its entry or close it at market first.';

describeEachDatabase(
  'a placed trade keeps the levels of its exchange orders',
  (ctx) => {
    const { call, pin, paperTrader } = liveHelpers(
      () => ctx.app,
      () => ctx.database,
    );
    const place = async (token: string, order: object, body: object = LONG) => {
      const res = await call(token, 'POST', '/api/trades', { ...body, order });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; notes: string; live: { execution: string } };
    };
    const row = async (id: string) =>
      (await ctx.database.db.select().from(trades).where(eq(trades.id, id)))[0];
    const edit = (id: string, change: object) => ({
      pair: 'BTCUSDT',
      isLong: true,
      stopLoss: 97_000,
      entryPrice: 99_000,
      takeProfit: 103_000,
      notes: '',
      ...change,
    });

    it('refuses a change of pair, side or levels of a placed trade; notes and date may change', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const trade = await place(user.token, { type: 'limit', leverage: 5 });
      const before = await row(trade.id);
      for (const change of [
        { pair: 'ETHUSDT' },
        { isLong: false, stopLoss: 103_000, takeProfit: 97_000 },
        { entryPrice: 98_500 },
        { stopLoss: 96_000 },
        { takeProfit: 104_000 },
      ]) {
        const res = await call(
          user.token,
          'PUT',
          `/api/trades/${trade.id}`,
          edit(trade.id, change),
        );
        expect(res.statusCode, JSON.stringify(change)).toBe(409);
        expect(res.json().error).toMatchObject({ code: 'CONFLICT', message: EDIT_REFUSED });
      }
      expect(await row(trade.id)).toEqual(before);

      const date = '2026-01-02T00:00:00.000Z';
      const ok = await call(
        user.token,
        'PUT',
        `/api/trades/${trade.id}`,
        edit(trade.id, { notes: 'Waiting for the retest', date }),
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().trade).toMatchObject({
        notes: 'Waiting for the retest',
        date,
        entryPrice: 99_000,
        stopLoss: 97_000,
        takeProfit: 103_000,
        sizeUsd: 500,
        live: { execution: 'resting' },
      });
      const after = await row(trade.id);
      expect(after).toMatchObject({ notes: 'Waiting for the retest', quantity: before!.quantity });

      // A journal trade (no orders) is edited as before.
      const plain = await createTrade(ctx.app, user.token, LONG);
      const moved = await call(
        user.token,
        'PUT',
        `/api/trades/${plain.id}`,
        edit(plain.id, { stopLoss: 96_000 }),
      );
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().trade.stopLoss).toBe(96_000);
    });

    it('refuses to delete a placed OPEN trade while its entry rests or its position is open', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const resting = await place(user.token, { type: 'limit', leverage: 5 });
      const open = await place(
        user.token,
        { type: 'market', leverage: 3 },
        { ...LONG, entryPrice: MARK },
      );
      expect(open.live.execution).toBe('open');
      for (const trade of [resting, open]) {
        const res = await call(user.token, 'DELETE', `/api/trades/${trade.id}`);
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toMatchObject({ code: 'CONFLICT', message: DELETE_REFUSED });
        expect(await row(trade.id)).toBeDefined();
      }

      // Another user's id is still not found.
      const other = await register(ctx.app);
      const theirs = await call(other.token, 'DELETE', `/api/trades/${resting.id}`);
      expect(theirs.statusCode).toBe(404);

      // Closed by hand, it may be deleted as any closed trade (its link goes with it).
      const closed = await call(user.token, 'PUT', `/api/trades/${resting.id}/status`, {
        status: 'STOPLOSS_HIT',
      });
      expect(closed.statusCode, closed.body).toBe(200);
      // The answer keeps the trade's orders, so the card says it was closed by hand.
      expect(closed.json().trade).toMatchObject({
        status: 'STOPLOSS_HIT',
        verified: false,
        live: { execution: 'resting' },
      });
      const gone = await call(user.token, 'DELETE', `/api/trades/${resting.id}`);
      expect(gone.statusCode, gone.body).toBe(204);
      expect(await row(resting.id)).toBeUndefined();
      expect(
        await ctx.database.db.select().from(tradeOrders).where(eq(tradeOrders.tradeId, resting.id)),
      ).toEqual([]);

      // A journal trade is deleted as before.
      const plain = await createTrade(ctx.app, user.token, LONG);
      expect((await call(user.token, 'DELETE', `/api/trades/${plain.id}`)).statusCode).toBe(204);
    });
  },
  { env: () => ({ PAPER_CONTROL: 'true' }) },
);
