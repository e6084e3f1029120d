import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { authed, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

describeEachDatabase(
  'a paper order whose state cannot be stored',
  (ctx) => {
    const breakAccountWrites = () =>
      ctx.database.db.execute(sql`
        alter table paper_accounts add constraint paper_test_broken check (usdc < 0) not valid`);
    const repairAccountWrites = () =>
      ctx.database.db.execute(sql`alter table paper_accounts drop constraint paper_test_broken`);

    it('answers 503 with the cause logged, and no part of the order exists', async () => {
      const user = await register(ctx.app);
      const connected = await authed(ctx.app, user.token, 'POST', '/api/users/exchanges', {
        exchangeId: 'hyperliquid',
        network: 'paper',
      });
      expect(connected.statusCode, connected.body).toBe(201);
      const order = {
        symbol: 'ETH',
        side: 'buy',
        size: 0.01,
        orderType: 'market',
      };
      await breakAccountWrites();
      let failed;
      try {
        failed = await authed(ctx.app, user.token, 'POST', '/api/exchange/order', order);
      } finally {
        await repairAccountWrites();
      }
      expect(failed.statusCode, failed.body).toBe(503);
      expect(failed.json().error).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message:
          'Failed to place order: The exchange is unavailable right now and did nothing. Please try again in a moment.',
      });
      const logged = ctx.logs.filter((line) => line.includes('paper exchange: request failed'));
      expect(logged).toHaveLength(1);
      expect(JSON.parse(logged[0]!).err).toMatchObject({
        message: expect.stringContaining('paper_test_broken'),
        code: '23514',
      });
      expect(logged[0]).not.toContain('params');

      const positions = await authed(ctx.app, user.token, 'GET', '/api/exchange/positions');
      expect(positions.json().data).toEqual([]);
      const trades = await authed(ctx.app, user.token, 'GET', '/api/exchange/myTrades');
      expect(trades.json().data).toEqual([]);
      const again = await authed(ctx.app, user.token, 'POST', '/api/exchange/order', order);
      expect(again.statusCode, again.body).toBe(201);
      const after = await authed(ctx.app, user.token, 'GET', '/api/exchange/positions');
      expect(after.json().data).toEqual([
        expect.objectContaining({ symbol: 'ETH-USD', side: 'long', size: 0.01 }),
      ]);
    });
  },
  { captureLogs: true },
);
