import { expect, it } from 'vitest';
import { createTrade } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';
import { LONG, MARK, SHORT, liveHelpers } from '../../test/live-trading.js';

const PLAN = { pair: 'ETHUSDT', isLong: true, stopLoss: 100, entryPrice: 110, takeProfit: 130 };

describeEachDatabase(
  'the lock reaches the exchange: an ended session cancels the resting entries the app placed',
  (ctx) => {
    const t = liveHelpers(
      () => ctx.app,
      () => ctx.database,
    );
    const runOnce = () => ctx.app.reconciler.runOnce();
    const statusOf = async (wallet: string, oid: string) =>
      (
        (await t.paperInfo({ type: 'orderStatus', user: wallet, oid: Number(oid) })) as {
          order?: { status: string };
        }
      ).order?.status;

    it('three stoplosses cancel a resting entry and its exits; a held position keeps its stop and target', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      // One bracket rests (a long below the mark); another fills (a short entered at market).
      const resting = await t.place(user.token, LONG);
      const held = await t.place(user.token, SHORT, { type: 'market', leverage: 5 });
      await runOnce();
      expect((await t.trade(user.token, held.id)).live.execution).toBe('open');

      // The session is still open: nothing is cancelled.
      expect(await statusOf(user.wallet, resting.live.orders.entry!)).toBe('open');

      // Three stoplosses end it (a journaled one, and two posted as outcomes).
      const trade = await createTrade(ctx.app, user.token, PLAN);
      await t.call(user.token, 'PUT', `/api/trades/${trade.id}/status`, { status: 'STOPLOSS_HIT' });
      for (let i = 0; i < 2; i++) {
        const res = await t.call(user.token, 'POST', '/api/risk-management/update', {
          status: 'STOPLOSS_HIT',
          profitLoss: -5,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      expect((await t.risk(user.token)).slTaken).toBe(3);
      await runOnce();

      expect(await statusOf(user.wallet, resting.live.orders.entry!)).toBe('canceled');
      // The planned trade never happened: it leaves the journal (the day's count keeps it).
      expect((await t.call(user.token, 'GET', `/api/trades/${resting.id}`)).statusCode).toBe(404);
      // The held position is protected as before.
      const stillHeld = await t.trade(user.token, held.id);
      expect(stillHeld.status).toBe('OPEN');
      expect(await statusOf(user.wallet, held.live.orders.stopLoss!)).toMatch(/open|triggered/);
      expect(await statusOf(user.wallet, held.live.orders.takeProfit!)).toMatch(/open|triggered/);
    });

    it('with "Close my positions when the session ends", the lock closes every position at market', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      const on = await t.call(user.token, 'PUT', '/api/users/settings', {
        flattenOnSessionEnd: true,
      });
      expect(on.json()).toMatchObject({ flattenOnSessionEnd: true });
      const held = await t.place(user.token, SHORT, { type: 'market', leverage: 5 });
      await runOnce();
      expect((await t.trade(user.token, held.id)).live.execution).toBe('open');
      for (let i = 0; i < 3; i++) {
        await t.call(user.token, 'POST', '/api/risk-management/update', {
          status: 'STOPLOSS_HIT',
          profitLoss: -5,
        });
      }
      await runOnce();
      // The journal trade was closed from its market fill: verified, no stop or target left.
      const closed = await t.trade(user.token, held.id);
      expect(closed).toMatchObject({ verified: true });
      expect(closed.status).not.toBe('OPEN');
      const positions = (await t.paperInfo({ type: 'clearinghouseState', user: user.wallet })) as {
        assetPositions: unknown[];
      };
      expect(positions.assetPositions).toEqual([]);
      expect(await statusOf(user.wallet, held.live.orders.stopLoss!)).not.toBe('open');
    });

    it('leaves positions alone while the setting is off (the default)', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      const held = await t.place(user.token, SHORT, { type: 'market', leverage: 5 });
      await runOnce();
      for (let i = 0; i < 3; i++) {
        await t.call(user.token, 'POST', '/api/risk-management/update', {
          status: 'STOPLOSS_HIT',
          profitLoss: -5,
        });
      }
      await runOnce();
      expect((await t.trade(user.token, held.id)).status).toBe('OPEN');
    });
  },
  { env: () => ({ PAPER_CONTROL: 'true' }) },
);
