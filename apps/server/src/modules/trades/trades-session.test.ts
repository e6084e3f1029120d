import { expect, it } from 'vitest';
import { type Method, authed, createTrade, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

const LONG = { pair: 'BTCUSDT', isLong: true, stopLoss: 100, entryPrice: 110, takeProfit: 130 };
const MARKET_BUY = {
  symbol: 'BTC',
  side: 'buy',
  size: 0.001,
  orderType: 'market',
  reduceOnly: false,
};
const NOON = '2026-03-10T12:00:00Z';
/** The end of the UTC trading day of NOON: when trading opens again. */
const MIDNIGHT = '2026-03-11T00:00:00.000Z';

describeEachDatabase('the session lock on trades and live orders', (ctx) => {
  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    authed(ctx.app, token, method, url, payload);
  const create = (token: string, trade: object = LONG) => createTrade(ctx.app, token, trade);

  it('counts trades when opened: the 4th is refused with DAILY_TRADES, and deleting one frees nothing', async () => {
    ctx.clock.set(NOON);
    const user = await register(ctx.app);
    const opened = [await create(user.token), await create(user.token), await create(user.token)];
    const fourth = await call(user.token, 'POST', '/api/trades', LONG);
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().error).toMatchObject({
      code: 'SESSION_ENDED',
      reason: 'DAILY_TRADES',
      reopensAt: MIDNIGHT,
    });
    expect(fourth.json().error.message).toMatch(/limit of 3 trades/);
    expect((await call(user.token, 'DELETE', `/api/trades/${opened[0].id}`)).statusCode).toBe(204);
    const afterDelete = await call(user.token, 'POST', '/api/trades', LONG);
    expect(afterDelete.statusCode).toBe(403);
    expect(afterDelete.json().error.reason).toBe('DAILY_TRADES');
    const risk = (await call(user.token, 'GET', '/api/risk-management')).json();
    expect(risk.dailyStats.trades).toBe(3);
    const live = await call(user.token, 'POST', '/api/exchange/order', MARKET_BUY);
    expect(live.statusCode).toBe(403);
    expect(live.json().error).toMatchObject({ reason: 'DAILY_TRADES', reopensAt: MIDNIGHT });
    // The next trading day opens again.
    ctx.clock.set('2026-03-11T00:00:01Z');
    await create(user.token);
  });

  it('ends the session at the daily loss limit: 403 DAILY_LOSS on trades and on live orders', async () => {
    ctx.clock.set(NOON);
    const user = await register(ctx.app);
    const tightened = await call(user.token, 'POST', '/api/risk-management/settings', {
      maxDailyLoss: 50,
    });
    expect(tightened.json().settings.maxDailyLoss).toBe(50);
    const trade = await create(user.token);
    const closed = await call(user.token, 'PUT', `/api/trades/${trade.id}/status`, {
      status: 'STOPLOSS_HIT',
    });
    expect(closed.json().stats.dailyStats.dailyLoss).toBeGreaterThanOrEqual(50);
    for (const [url, body] of [
      ['/api/trades', LONG],
      ['/api/exchange/order', MARKET_BUY],
    ] as const) {
      const refused = await call(user.token, 'POST', url, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'SESSION_ENDED',
        reason: 'DAILY_LOSS',
        reopensAt: MIDNIGHT,
      });
      expect(refused.json().error.message).toMatch(/daily loss limit of \$50/);
    }
  });

  it('ends the session after three stoplosses: no new trade, no stoploss close, with reason and reopening', async () => {
    ctx.clock.set(NOON);
    const user = await register(ctx.app);
    const kept = await create(user.token);
    for (let i = 0; i < 2; i++) {
      const trade = await create(user.token);
      const res = await call(user.token, 'PUT', `/api/trades/${trade.id}/status`, {
        status: 'STOPLOSS_HIT',
      });
      expect(res.json().trade.rMultiple).toBe(-1);
      expect(res.json().stats.slTaken).toBe(i + 1);
    }
    const third = await call(user.token, 'POST', '/api/risk-management/update', {
      status: 'STOPLOSS_HIT',
      profitLoss: -20,
    });
    expect(third.json().slTaken).toBe(3);
    const stopped = await call(user.token, 'PUT', `/api/trades/${kept.id}/status`, {
      status: 'STOPLOSS_HIT',
    });
    expect(stopped.statusCode).toBe(403);
    expect(stopped.json().error).toMatchObject({
      code: 'SESSION_ENDED',
      reason: 'STOPLOSSES',
      reopensAt: MIDNIGHT,
    });
    expect((await call(user.token, 'GET', '/api/trades')).json()[0]).toMatchObject({
      id: kept.id,
      status: 'OPEN',
    });
    const refused = await call(user.token, 'POST', '/api/trades', LONG);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'SESSION_ENDED',
      reason: 'STOPLOSSES',
      reopensAt: MIDNIGHT,
    });
    // Three trades taken and three stoplosses: both rules bind, so the message names both and
    // does not offer the grass (answering it would reopen nothing).
    expect(refused.json().error.message).toBe(
      'You have reached the maximum number of stoploss trades for today and your limit of 3 trades for today. Trading opens again tomorrow at 00:00 (UTC).',
    );
    const grass = await call(user.token, 'POST', '/api/risk-management/reset-sl');
    expect(grass.statusCode).toBe(409);
    expect(grass.json().error.message).toMatch(/^Touching grass would not reopen trading/);
    const fourth = await call(user.token, 'POST', '/api/risk-management/update', {
      status: 'STOPLOSS_HIT',
      profitLoss: -5,
    });
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().error).toMatchObject({
      code: 'SESSION_ENDED',
      reason: 'STOPLOSSES',
      reopensAt: MIDNIGHT,
    });
    const risk = (await call(user.token, 'GET', '/api/risk-management')).json();
    expect(risk).toMatchObject({ slTaken: 3, tradeStreak: -3, currentPercentage: 4 });
  });
});
