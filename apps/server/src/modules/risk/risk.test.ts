import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { riskStates } from '../../db/schema/index.js';
import { type Method, authed, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

describeEachDatabase('risk management routes', (ctx) => {
  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    authed(ctx.app, token, method, url, payload);

  it('starts from the defaults of SPEC.md', async () => {
    const user = await register(ctx.app);
    const res = await call(user.token, 'GET', '/api/risk-management');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      accountSize: 10000,
      baseTradeSize: 1000,
      currentPercentage: 10,
      tradeStreak: 0,
      slTaken: 0,
      settings: { maxDailyLoss: 500, maxTradesPerDay: 3 },
    });
  });

  it('applies outcomes, settings and a stats reset', async () => {
    const user = await register(ctx.app);
    const won = await call(user.token, 'POST', '/api/risk-management/update', {
      status: 'TARGET_HIT',
      profitLoss: 25,
    });
    expect(won.json()).toMatchObject({
      tradeStreak: 1,
      currentPercentage: 12,
      totalStats: { wins: 1, totalGain: 25 },
    });
    const settings = await call(user.token, 'POST', '/api/risk-management/settings', {
      accountSize: 5000,
      baseTradeSize: 500,
    });
    expect(settings.json()).toMatchObject({ accountSize: 5000, baseTradeSize: 500 });
    const reset = await call(user.token, 'POST', '/api/risk-management/reset-stats');
    expect(reset.json()).toMatchObject({
      tradeStreak: 0,
      currentPercentage: 10,
      totalStats: { trades: 0 },
    });
  });

  it('refuses bad settings and outcomes with 400 and changes nothing', async () => {
    const user = await register(ctx.app);
    const bad = [
      await call(user.token, 'POST', '/api/risk-management/settings', {
        accountSize: -1,
        baseTradeSize: 10,
      }),
      await call(user.token, 'POST', '/api/risk-management/settings', {
        accountSize: 'lots',
        baseTradeSize: 10,
      }),
      await call(user.token, 'POST', '/api/risk-management/update', {
        status: 'OPEN',
        profitLoss: 1,
      }),
    ];
    expect(bad.map((r) => r.statusCode)).toEqual([400, 400, 400]);
    expect((await call(user.token, 'GET', '/api/risk-management')).json()).toMatchObject({
      accountSize: 10000,
      tradeStreak: 0,
    });
  });

  it('starts a new trading day with the stoploss counter at 0', async () => {
    const user = await register(ctx.app);
    await call(user.token, 'GET', '/api/risk-management');
    await ctx.database.db
      .update(riskStates)
      .set({
        slTaken: 3,
        dailyStats: {
          lastTradeDate: '2020-01-01',
          trades: 3,
          wins: 0,
          losses: 3,
          dailyProfit: 0,
          dailyLoss: 30,
        },
      })
      .where(eq(riskStates.userId, user.id));
    const res = (await call(user.token, 'GET', '/api/risk-management')).json();
    expect(res.slTaken).toBe(0);
    expect(res.dailyStats.trades).toBe(0);
  });

  it('needs a session', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/risk-management/reset-sl' })).statusCode,
    ).toBe(401);
  });
});
