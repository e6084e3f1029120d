import { beforeAll, expect, it } from 'vitest';
import { addPlan, authed, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

const DAY = 86_400_000;
const MONTHLY = 30 * DAY;

/**
 * Remaining days at the route, with the app's clock fixed so "ends in 1 ms" is exact: the
 * ceiling of the days left, 0 once ended (SPEC.md section 9).
 */
describeEachDatabase('subscriptions: remaining days', (ctx) => {
  let adminToken = '';
  beforeAll(async () => {
    adminToken = (await register(ctx.app)).token;
  });

  /**
   * A user whose monthly period (added by the admin 30 days before it ends) ends `endsIn` ms
   * after `now`, and a reader of their subscription; the clock stays at `now`.
   */
  const userEndingIn = async (now: number, endsIn: number) => {
    const user = await register(ctx.app);
    ctx.clock.set(now + endsIn - MONTHLY);
    await addPlan(ctx.app, adminToken, user.id, 'monthly');
    ctx.clock.set(now);
    const read = async () => {
      const res = await authed(ctx.app, user.token, 'GET', '/api/subscription');
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    return { user, read };
  };

  it.each([
    ['ends in 1 ms', 1, 1, true],
    ['ends in exactly 2 days', 2 * DAY, 2, true],
    ['ends in 2 days and 1 ms', 2 * DAY + 1, 3, true],
    ['ends right now', 0, 0, false],
    ['ended 1 ms ago', -1, 0, false],
    ['ended yesterday', -DAY, 0, false],
  ])('%s → %i days', async (_name, endsIn, days, running) => {
    const now = Date.now();
    const { read } = await userEndingIn(now, endsIn);
    const body = await read();
    expect(body.subscription).toMatchObject({
      plan: 'monthly',
      active: running,
      remainingDays: days,
      endDate: new Date(now + endsIn).toISOString(),
    });
    expect(body.isPaidUser).toBe(running);
  });

  it('does not depend on the time zone of the trading day', async () => {
    const now = Date.now();
    const { user, read } = await userEndingIn(now, 2 * DAY - 60 * 60_000);
    const before = await read();
    expect(before.subscription.remainingDays).toBe(2);
    for (const timeZone of ['Pacific/Kiritimati', 'America/Adak', 'Asia/Kathmandu']) {
      const set = await authed(ctx.app, user.token, 'PUT', '/api/users/time-zone', { timeZone });
      expect(set.statusCode).toBe(200);
      expect(set.json().subscription.remainingDays).toBe(2);
      expect(await read()).toEqual(before);
    }
  });
});
