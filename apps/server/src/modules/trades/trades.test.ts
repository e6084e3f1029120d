import { describe, expect, it } from 'vitest';
import { type Method, authed, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

const LONG = {
  pair: 'btcusdt',
  isLong: true,
  stopLoss: 100,
  entryPrice: 110,
  takeProfit: 130,
  score: 6,
};
const SHORT = { pair: 'ETHUSDT', isLong: false, stopLoss: 120, entryPrice: 110, takeProfit: 90 };

describeEachDatabase('trades routes', (ctx) => {
  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    authed(ctx.app, token, method, url, payload);
  const create = async (token: string, trade: object = LONG) => {
    const res = await call(token, 'POST', '/api/trades', trade);
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const close = (token: string, id: string, status: string) =>
    call(token, 'PUT', `/api/trades/${id}/status`, { status });

  it('records an OPEN trade with the R/R worked out by the server', async () => {
    const user = await register(ctx.app);
    const trade = await create(user.token);
    expect(trade).toMatchObject({
      pair: 'BTCUSDT',
      isLong: true,
      status: 'OPEN',
      riskRewardRatio: 2,
      profitLoss: null,
      score: 6,
    });
  });

  it.each([
    ['a long with entry below stoploss', { ...LONG, entryPrice: 90 }, 'entryPrice'],
    ['a short with target above entry', { ...SHORT, takeProfit: 115 }, 'takeProfit'],
    ['a negative price', { ...LONG, stopLoss: -1 }, 'stopLoss'],
    ['a price that is text', { ...LONG, entryPrice: 'abc' }, 'entryPrice'],
  ])('refuses %s with 400 on the field', async (_name, body, field) => {
    const user = await register(ctx.app);
    const res = await call(user.token, 'POST', '/api/trades', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe(field);
    expect((await call(user.token, 'GET', '/api/trades')).json()).toEqual([]);
  });

  it('lists OPEN trades first, then newest first', async () => {
    const user = await register(ctx.app);
    const first = await create(user.token);
    const second = await create(user.token, SHORT);
    await close(user.token, second.id, 'TARGET_HIT');
    const third = await create(user.token);
    const list = (await call(user.token, 'GET', '/api/trades')).json();
    expect(list.map((t: { id: string }) => t.id)).toEqual([third.id, first.id, second.id]);
  });

  it('closes at the target with the P/L of the trade and updates the risk state in the same call', async () => {
    const user = await register(ctx.app);
    const trade = await create(user.token, SHORT);
    const res = await close(user.token, trade.id, 'TARGET_HIT');
    expect(res.statusCode).toBe(200);
    const { trade: closed, stats } = res.json();
    expect(closed).toMatchObject({ status: 'TARGET_HIT', profitLoss: 20 });
    expect(stats).toMatchObject({ tradeStreak: 1, currentPercentage: 12, slTaken: 0 });
    expect(stats.dailyStats).toMatchObject({ trades: 1, wins: 1, dailyProfit: 20 });
    const again = await close(user.token, trade.id, 'STOPLOSS_HIT');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('A closed trade cannot be changed');
  });

  it('ends the session after three stoplosses: no new trade, no fourth stoploss, grass resets the counter', async () => {
    const user = await register(ctx.app);
    for (let i = 0; i < 3; i++) {
      const trade = await create(user.token);
      const res = await close(user.token, trade.id, 'STOPLOSS_HIT');
      expect(res.json().trade.profitLoss).toBe(-10);
      expect(res.json().stats.slTaken).toBe(i + 1);
    }
    const refused = await call(user.token, 'POST', '/api/trades', LONG);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'SESSION_ENDED',
      message:
        'You have reached the maximum number of stoploss trades for today. Take a break and come back tomorrow!',
    });
    const fourth = await call(user.token, 'POST', '/api/risk-management/update', {
      status: 'STOPLOSS_HIT',
      profitLoss: -5,
    });
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().error.code).toBe('SESSION_ENDED');
    const risk = (await call(user.token, 'GET', '/api/risk-management')).json();
    expect(risk).toMatchObject({ slTaken: 3, tradeStreak: -3, currentPercentage: 4 });
    const grass = await call(user.token, 'POST', '/api/risk-management/reset-sl');
    expect(grass.json().slTaken).toBe(0);
    // Three trades today is also the daily limit, so the day stays over.
    const stillRefused = await call(user.token, 'POST', '/api/trades', LONG);
    expect(stillRefused.statusCode).toBe(403);
  });

  it('edits an OPEN trade and answers the trade and the risk state', async () => {
    const user = await register(ctx.app);
    const trade = await create(user.token);
    const res = await call(user.token, 'PUT', `/api/trades/${trade.id}`, {
      ...LONG,
      takeProfit: 140,
      notes: 'moved target',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().trade).toMatchObject({
      takeProfit: 140,
      riskRewardRatio: 3,
      notes: 'moved target',
      status: 'OPEN',
    });
    expect(res.json().stats.accountSize).toBe(10000);
  });

  it('clear history hides closed trades and keeps open ones', async () => {
    const user = await register(ctx.app);
    const open = await create(user.token);
    const done = await create(user.token);
    await close(user.token, done.id, 'TARGET_HIT');
    const res = await call(user.token, 'POST', '/api/trades/clear-history');
    expect(res.json().map((t: { id: string }) => t.id)).toEqual([open.id]);
  });

  it('deletes a trade', async () => {
    const user = await register(ctx.app);
    const trade = await create(user.token);
    expect((await call(user.token, 'DELETE', `/api/trades/${trade.id}`)).statusCode).toBe(204);
    expect((await call(user.token, 'DELETE', `/api/trades/${trade.id}`)).statusCode).toBe(404);
  });

  describe("another user's trade", () => {
    it('is not found for edit, close and delete, and stays unchanged', async () => {
      const owner = await register(ctx.app);
      const other = await register(ctx.app);
      const trade = await create(owner.token);
      const attempts = [
        await call(other.token, 'PUT', `/api/trades/${trade.id}`, LONG),
        await close(other.token, trade.id, 'TARGET_HIT'),
        await call(other.token, 'DELETE', `/api/trades/${trade.id}`),
      ];
      expect(attempts.map((r) => r.statusCode)).toEqual([404, 404, 404]);
      expect((await call(other.token, 'GET', '/api/trades')).json()).toEqual([]);
      expect((await call(owner.token, 'GET', '/api/trades')).json()[0]).toMatchObject({
        id: trade.id,
        status: 'OPEN',
      });
    });

    it('answers an id that is not a trade id with 404, not a database error', async () => {
      const user = await register(ctx.app);
      const res = await close(user.token, 'not-a-uuid', 'TARGET_HIT');
      expect(res.statusCode).toBe(404);
    });
  });
});
