import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { riskStates } from '../../db/schema/index.js';
import { type Method, authed, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

const LONG = { pair: 'BTCUSDT', isLong: true, stopLoss: 100, entryPrice: 110, takeProfit: 130 };
const MINUTE = 60_000;
const STOPLOSS = { status: 'STOPLOSS_HIT', profitLoss: -10 };

describeEachDatabase('risk management routes', (ctx) => {
  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    authed(ctx.app, token, method, url, payload);
  const risk = async (token: string) => (await call(token, 'GET', '/api/risk-management')).json();
  const settings = (token: string, body: object) =>
    call(token, 'POST', '/api/risk-management/settings', body);

  it('starts from the defaults of SPEC.md, on a trading day recorded in the user zone', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
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
      pendingSettings: null,
      tradingDay: {
        timeZone: 'UTC',
        startsAt: '2026-03-10T00:00:00.000Z',
        endsAt: '2026-03-11T00:00:00.000Z',
      },
    });
  });

  it('applies outcomes in USD, settings and a stats reset', async () => {
    const user = await register(ctx.app);
    const won = await call(user.token, 'POST', '/api/risk-management/update', {
      status: 'TARGET_HIT',
      profitLoss: 25.5,
    });
    expect(won.json()).toMatchObject({
      tradeStreak: 1,
      currentPercentage: 12,
      dailyStats: { wins: 1, dailyProfit: 25.5 },
      totalStats: { wins: 1, totalGain: 25.5, totalReward: 25.5 },
    });
    const changed = await settings(user.token, { accountSize: 5000, baseTradeSize: 500 });
    expect(changed.json()).toMatchObject({ accountSize: 5000, baseTradeSize: 500 });
    const reset = await call(user.token, 'POST', '/api/risk-management/reset-stats');
    expect(reset.json()).toMatchObject({
      tradeStreak: 0,
      currentPercentage: 10,
      totalStats: { trades: 0 },
    });
  });

  it.each([
    ['a negative account size', { accountSize: -1, baseTradeSize: 10 }, 'accountSize'],
    ['an account size that is text', { accountSize: 'lots' }, 'accountSize'],
    ['0 trades a day', { maxTradesPerDay: 0 }, 'maxTradesPerDay'],
    ['21 trades a day', { maxTradesPerDay: 21 }, 'maxTradesPerDay'],
    ['1.5 trades a day', { maxTradesPerDay: 1.5 }, 'maxTradesPerDay'],
    ['a daily loss limit of 0', { maxDailyLoss: 0 }, 'maxDailyLoss'],
    ['a daily loss limit above $1,000,000', { maxDailyLoss: 1_000_001 }, 'maxDailyLoss'],
    ['nothing to change', {}, undefined],
  ])('refuses settings with %s: 400 on the field, nothing changes', async (_name, body, field) => {
    const user = await register(ctx.app);
    const before = await risk(user.token);
    const res = await settings(user.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json().error.field).toBe(field);
    expect(res.json().error.message).toMatch(/\S/);
    expect(await risk(user.token)).toEqual(before);
  });

  it('refuses an outcome that is not a close', async () => {
    const user = await register(ctx.app);
    const res = await call(user.token, 'POST', '/api/risk-management/update', {
      status: 'OPEN',
      profitLoss: 1,
    });
    expect(res.statusCode).toBe(400);
    expect((await risk(user.token)).tradeStreak).toBe(0);
  });

  it('tightens a limit at once and loosens it from the next trading day', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const user = await register(ctx.app);
    const tighter = await settings(user.token, { maxTradesPerDay: 1, maxDailyLoss: 200 });
    expect(tighter.json()).toMatchObject({
      settings: { maxTradesPerDay: 1, maxDailyLoss: 200 },
      pendingSettings: null,
    });
    expect((await call(user.token, 'POST', '/api/trades', LONG)).statusCode).toBe(201);
    const looser = await settings(user.token, { maxTradesPerDay: 5 });
    expect(looser.json()).toMatchObject({
      settings: { maxTradesPerDay: 1, maxDailyLoss: 200 },
      pendingSettings: { maxTradesPerDay: 5, maxDailyLoss: 200 },
    });
    const refused = await call(user.token, 'POST', '/api/trades', LONG);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.reason).toBe('DAILY_TRADES');
    ctx.clock.set('2026-03-11T08:00:00Z');
    expect(await risk(user.token)).toMatchObject({
      settings: { maxTradesPerDay: 5, maxDailyLoss: 200 },
      pendingSettings: null,
      dailyStats: { lastTradeDate: '2026-03-11', trades: 0 },
    });
  });

  it('starts a new trading day with the counters at 0', async () => {
    ctx.clock.set('2026-03-10T22:00:00Z');
    const user = await register(ctx.app);
    for (let i = 0; i < 3; i++) {
      await call(user.token, 'POST', '/api/risk-management/update', STOPLOSS);
    }
    expect(await risk(user.token)).toMatchObject({ slTaken: 3, dailyStats: { losses: 3 } });
    ctx.clock.set('2026-03-11T00:00:00Z');
    const next = await risk(user.token);
    expect(next).toMatchObject({ slTaken: 0, dailyStats: { losses: 0, dailyLoss: 0, trades: 0 } });
    expect(next.totalStats.losses).toBe(3);
  });

  it('keeps the lock through a time-zone change; the new zone starts with the next trading day', async () => {
    // 20:00 UTC: in Tokyo it is already 05:00 the next day.
    ctx.clock.set('2026-03-10T20:00:00Z');
    const user = await register(ctx.app);
    for (let i = 0; i < 3; i++) {
      expect((await call(user.token, 'POST', '/api/trades', LONG)).statusCode).toBe(201);
    }
    // As a state stored before trading days were recorded: the day is known by its date only,
    // which the new zone would read as a day that ended at 15:00 UTC.
    await ctx.database.db
      .update(riskStates)
      .set({ tradingDay: null })
      .where(eq(riskStates.userId, user.id));
    const zone = await call(user.token, 'PUT', '/api/users/time-zone', { timeZone: 'Asia/Tokyo' });
    expect(zone.statusCode).toBe(200);
    expect(zone.json().timeZone).toBe('Asia/Tokyo');
    const locked = await call(user.token, 'POST', '/api/trades', LONG);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toMatchObject({
      reason: 'DAILY_TRADES',
      reopensAt: '2026-03-11T00:00:00.000Z',
    });
    expect(await risk(user.token)).toMatchObject({
      dailyStats: { lastTradeDate: '2026-03-10', trades: 3 },
      tradingDay: { timeZone: 'UTC', endsAt: '2026-03-11T00:00:00.000Z' },
    });
    // The UTC day ends; the first Tokyo day runs to a Tokyo midnight at least 24 hours on.
    ctx.clock.set('2026-03-11T00:30:00Z');
    expect(await risk(user.token)).toMatchObject({
      dailyStats: { trades: 0 },
      tradingDay: {
        timeZone: 'Asia/Tokyo',
        startsAt: '2026-03-11T00:00:00.000Z',
        endsAt: '2026-03-12T15:00:00.000Z',
      },
    });
    expect((await call(user.token, 'POST', '/api/trades', LONG)).statusCode).toBe(201);
  });

  it('lets the grass reset through only after 60 minutes, and once a trading day', async () => {
    const start = Date.parse('2026-03-10T09:00:00Z');
    ctx.clock.set(start);
    const user = await register(ctx.app);
    for (let i = 0; i < 3; i++) {
      await call(user.token, 'POST', '/api/risk-management/update', STOPLOSS);
    }
    ctx.clock.set(start + 59 * MINUTE);
    const early = await call(user.token, 'POST', '/api/risk-management/reset-sl');
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({
      code: 'COOLDOWN',
      reason: 'STOPLOSSES',
      reopensAt: '2026-03-10T10:00:00.000Z',
    });
    expect(early.json().error.message).toMatch(/^Not yet/);
    expect((await risk(user.token)).slTaken).toBe(3);

    ctx.clock.set(start + 60 * MINUTE);
    const reset = await call(user.token, 'POST', '/api/risk-management/reset-sl');
    expect(reset.statusCode).toBe(200);
    expect(reset.json().slTaken).toBe(0);

    for (let i = 0; i < 3; i++) {
      await call(user.token, 'POST', '/api/risk-management/update', STOPLOSS);
    }
    ctx.clock.set(start + 180 * MINUTE);
    const again = await call(user.token, 'POST', '/api/risk-management/reset-sl');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'COOLDOWN',
      reason: 'STOPLOSSES',
      reopensAt: '2026-03-11T00:00:00.000Z',
    });
    expect((await risk(user.token)).slTaken).toBe(3);
  });

  it('needs a session', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/risk-management/reset-sl' })).statusCode,
    ).toBe(401);
  });
});
