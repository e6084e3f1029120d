import { expect, it } from 'vitest';
import { createTrade, login } from '../../test/api.js';
import { grantPlan } from '../../test/exchange-fixtures.js';
import { describeEachDatabase } from '../../test/helper.js';
import { MARK, liveHelpers } from '../../test/live-trading.js';
import { MIN_SWEEP_MS } from './sweep.js';

/** A market order of 0.01 BTC through the dashboard's order form: no plan in the journal. */
const order = (side: 'buy' | 'sell', reduceOnly = false) => ({
  symbol: 'BTC',
  side,
  size: 0.01,
  orderType: 'market',
  reduceOnly,
});
const PLAN = { pair: 'ETHUSDT', isLong: true, stopLoss: 100, entryPrice: 110, takeProfit: 130 };

describeEachDatabase(
  'off-plan trades: round trips no plan explains count toward the session',
  (ctx) => {
    const t = liveHelpers(
      () => ctx.app,
      () => ctx.database,
    );
    const runOnce = () => ctx.app.reconciler.runOnce();
    /** The slow sweep of a watched connection: its cursor is made, then worked a minute on. */
    const sweep = async () => {
      await runOnce();
      ctx.clock.advance(MIN_SWEEP_MS + 1);
      await runOnce();
    };

    it('a losing round trip placed outside the journal ends the session after two journaled stoplosses', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      // Two planned trades, both stopped out: the session is still open.
      for (let i = 0; i < 2; i++) {
        const trade = await createTrade(ctx.app, user.token, PLAN);
        const res = await t.call(user.token, 'PUT', `/api/trades/${trade.id}/status`, {
          status: 'STOPLOSS_HIT',
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      expect((await t.risk(user.token)).slTaken).toBe(2);

      // Straight on the exchange: buy, the price falls, sell. No journal trade explains it.
      expect(
        (await t.call(user.token, 'POST', '/api/exchange/order', order('buy'))).statusCode,
      ).toBe(201);
      await t.pin(MARK - 2_000);
      const sold = await t.call(user.token, 'POST', '/api/exchange/order', order('sell', true));
      expect(sold.statusCode, sold.body).toBe(201);
      await sweep();

      const { trades, fills } = await t.stored(user.id);
      const offPlan = trades.filter((row) => row.source === 'offPlan');
      expect(offPlan).toHaveLength(1);
      const [row] = offPlan;
      expect(row).toMatchObject({
        pair: 'BTC-USD',
        isLong: true,
        status: 'STOPLOSS_HIT',
        rMultiple: null,
        quantity: '0.01',
      });
      // Its P/L is the fills': about -$20 of price, minus both fees.
      const fees = fills.reduce((sum, f) => sum + Number(f.fee), 0);
      expect(Number(row!.pnlUsd)).toBeCloseTo(
        Number(row!.quantity) * (Number(row!.exitPrice) - Number(row!.entryPrice)) - fees,
        6,
      );
      expect(Number(row!.pnlUsd)).toBeLessThan(-19);
      expect(fills.every((f) => f.tradeId === row!.id)).toBe(true);

      // A trade of the day and the third stoploss: the session is over, here and at the exchange proxy.
      const risk = await t.risk(user.token);
      expect(risk).toMatchObject({ slTaken: 3 });
      expect(risk.dailyStats.trades).toBe(3);
      const refused = await t.call(user.token, 'POST', '/api/trades', PLAN);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.reason).toBe('STOPLOSSES');
      const live = await t.call(user.token, 'POST', '/api/exchange/order', order('buy'));
      expect(live.statusCode).toBe(403);

      // The journal lists it apart, verified and off-plan; it cannot be deleted.
      const listed = (await t.call(user.token, 'GET', '/api/trades')).json() as Array<{
        id: string;
        offPlan: boolean;
        verified: boolean;
      }>;
      expect(listed.find((trade) => trade.id === row!.id)).toMatchObject({
        offPlan: true,
        verified: true,
      });
      const deleted = await t.call(user.token, 'DELETE', `/api/trades/${row!.id}`);
      expect(deleted.statusCode).toBe(409);

      // Analytics: no R, so in no R figure; the cost of trading off the plan is its own figure.
      await grantPlan(ctx, user.id, 'paid');
      // A fresh sign-in: the session the checks cache carries the plan of its moment.
      const premium = await login(ctx.app, user);
      const analytics = await t.call(premium, 'GET', '/api/analytics');
      expect(analytics.statusCode, analytics.body).toBe(200);
      expect(analytics.json().offPlan.trades).toBe(1);
      expect(analytics.json().offPlan.pnlUsd).toBeCloseTo(Number(row!.pnlUsd), 2);
      expect(analytics.json().summary.trades).toBe(2);

      // A second pass journals nothing twice.
      await sweep();
      expect((await t.stored(user.id)).trades.filter((r) => r.source === 'offPlan')).toHaveLength(
        1,
      );
      expect((await t.risk(user.token)).slTaken).toBe(3);
    });

    it('a winning one counts as a trade of the day, not as a stoploss; an open position is not a trip yet', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      await t.call(user.token, 'POST', '/api/exchange/order', order('buy'));
      await sweep();
      expect((await t.stored(user.id)).trades).toEqual([]);
      await t.pin(MARK + 1_000);
      await t.call(user.token, 'POST', '/api/exchange/order', order('sell', true));
      await sweep();
      const [row] = (await t.stored(user.id)).trades;
      expect(row).toMatchObject({ source: 'offPlan', status: 'TARGET_HIT' });
      // +$10 of price, less both fees.
      expect(Number(row!.pnlUsd)).toBeGreaterThan(8);
      expect(Number(row!.pnlUsd)).toBeLessThan(10);
      const risk = await t.risk(user.token);
      expect(risk).toMatchObject({ slTaken: 0 });
      expect(risk.dailyStats.trades).toBe(1);
    });
  },
  { env: () => ({ PAPER_CONTROL: 'true' }) },
);
