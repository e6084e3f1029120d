import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { createTrade, register } from '../test/api.js';
import { describeEachDatabase } from '../test/helper.js';

/**
 * Issue 29 (finding 12): what a signed-in trader is answered (their profile, API keys, journal
 * and exports) is never kept by a browser or a proxy: `Cache-Control: no-store`.
 */
describeEachDatabase('answers to a signed-in trader', (ctx) => {
  it('carry Cache-Control: no-store, exports and the journal included; public ones do not', async () => {
    const user = await register(ctx.app);
    await ctx.database.db.update(users).set({ isPaidUser: true }).where(eq(users.id, user.id));
    await createTrade(ctx.app, user.token, {
      pair: 'BTCUSDT',
      isLong: true,
      entryPrice: 100,
      stopLoss: 90,
      takeProfit: 120,
    });
    const authorization = `Bearer ${user.token}`;
    for (const url of [
      '/api/users/me',
      '/api/api-keys',
      '/api/trades',
      '/api/trades/export.csv',
      '/api/analytics/export.csv',
      '/api/bingo/export.xlsx',
      '/api/risk-management',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization } });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // A refused token is not stored either.
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    // Public answers keep their own caching.
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['cache-control']).not.toBe('no-store');
  });
});
