import type { PlanId } from '@tb/core';
import { beforeAll, expect, it } from 'vitest';
import { addPlan, authed, bearer, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

const DAY = 86_400_000;

describeEachDatabase('GET /api/users/me', (ctx) => {
  let adminToken = '';
  beforeAll(async () => {
    adminToken = (await register(ctx.app)).token;
  });
  const me = async (token: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).json();
  /** The admin adds `plan` to the user `ago` ms ago; the user cancels it then if asked. */
  const planFrom = (
    user: { id: string; token: string },
    plan: PlanId,
    ago: number,
    cancel = false,
  ) =>
    ctx.clock.at(Date.now() - ago, async () => {
      await addPlan(ctx.app, adminToken, user.id, plan);
      if (cancel) await authed(ctx.app, user.token, 'POST', '/api/subscription/cancel');
    });

  it('shows no subscription and a normal user after sign-up', async () => {
    const user = await register(ctx.app);
    expect(await me(user.token)).toMatchObject({
      isPaidUser: false,
      timeZone: 'UTC',
      subscription: { active: false, plan: null, endDate: null, remainingDays: 0 },
    });
  });

  it('counts remaining days up (ceil) and makes a running subscription premium', async () => {
    const user = await register(ctx.app);
    // 30 days from 27.5 days ago: 2.5 days left.
    await planFrom(user, 'monthly', 27.5 * DAY);
    expect(await me(user.token)).toMatchObject({
      isPaidUser: true,
      subscription: { active: true, plan: 'monthly', remainingDays: 3 },
    });
  });

  it('keeps premium after cancelling until the end date, shown as inactive', async () => {
    const user = await register(ctx.app);
    // 365 days from 265 days ago, cancelled then: 100 days left.
    await planFrom(user, 'annual', 265 * DAY, true);
    expect(await me(user.token)).toMatchObject({
      isPaidUser: true,
      subscription: { active: false, plan: 'annual', remainingDays: 100 },
    });
  });

  it('ignores a subscription that has ended', async () => {
    const user = await register(ctx.app);
    // 90 days from 91 days ago: ended yesterday.
    await planFrom(user, 'quarterly', 91 * DAY);
    expect(await me(user.token)).toMatchObject({
      isPaidUser: false,
      subscription: { active: false, remainingDays: 0 },
    });
  });
});

describeEachDatabase('PUT /api/users/time-zone', (ctx) => {
  const put = (token: string, timeZone: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/users/time-zone',
      headers: bearer(token),
      payload: { timeZone },
    });

  it('sets the zone of the trading day', async () => {
    const user = await register(ctx.app);
    const res = await put(user.token, 'Asia/Tokyo');
    expect(res.statusCode).toBe(200);
    expect(res.json().timeZone).toBe('Asia/Tokyo');
  });

  it('refuses a zone the runtime does not know', async () => {
    const user = await register(ctx.app);
    const res = await put(user.token, 'Mars/Olympus');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Time zone must be an IANA name such as Europe/Paris');
  });
});

describeEachDatabase('PUT /api/users/leaderboard', (ctx) => {
  const put = (token: string, payload: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/users/leaderboard',
      headers: bearer(token),
      payload: payload as object,
    });

  it('leaves and joins the leaderboard, only for the caller', async () => {
    const user = await register(ctx.app);
    const other = await register(ctx.app);
    const left = await put(user.token, { showOnLeaderboard: false, userId: other.id });
    expect(left.statusCode).toBe(200);
    expect(left.json()).toMatchObject({ id: user.id, showOnLeaderboard: false });
    const me = async (token: string) =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })
      ).json();
    expect((await me(user.token)).showOnLeaderboard).toBe(false);
    expect((await me(other.token)).showOnLeaderboard).toBe(true);
    const joined = await put(user.token, { showOnLeaderboard: true });
    expect(joined.json().showOnLeaderboard).toBe(true);
  });

  it('refuses a value that is not true or false, and needs a session', async () => {
    const user = await register(ctx.app);
    const res = await put(user.token, { showOnLeaderboard: 'no' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Leaderboard visibility must be true or false',
      field: 'showOnLeaderboard',
    });
    const anon = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/leaderboard',
      payload: { showOnLeaderboard: false },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('allows 10 switches a minute per user: each one recomputes the public ranking', async () => {
    const user = await register(ctx.app);
    const other = await register(ctx.app);
    for (let i = 0; i < 10; i += 1) {
      expect((await put(user.token, { showOnLeaderboard: i % 2 === 0 })).statusCode).toBe(200);
    }
    const refused = await put(user.token, { showOnLeaderboard: true });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect((await put(other.token, { showOnLeaderboard: false })).statusCode).toBe(200);
  });
});
