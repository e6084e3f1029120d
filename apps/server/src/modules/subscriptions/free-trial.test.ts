import { formatDate, subscriptionMessages } from '@tb/core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addPlan,
  auditEntriesFor,
  authed,
  register,
  roles,
  subscriptionRowsOf,
} from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

const DAY = 86_400_000;

describeEachDatabase('subscriptions: the free plan', (ctx) => {
  let premiumToken = '';
  let adminToken = '';
  beforeAll(async () => {
    const r = await roles(ctx.app, ctx.database);
    premiumToken = r.premium.token;
    adminToken = r.admin.token;
  });
  const get = async (token: string) =>
    (await authed(ctx.app, token, 'GET', '/api/subscription')).json();
  const claim = (token: string) => authed(ctx.app, token, 'POST', '/api/subscription/free-trial');
  /** Claims the free plan `ago` ms ago (the clock is set back for it); answers its start. */
  const claimedAgo = async (token: string, ago: number) => {
    const res = await ctx.clock.at(Date.now() - ago, () => claim(token));
    expect(res.statusCode).toBe(201);
    return Date.parse(res.json().subscription.startDate);
  };

  describe('free plan', () => {
    it('is claimed once: 3 days of premium, then 409 with the date it opens again', async () => {
      const user = await register(ctx.app);
      expect((await get(user.token)).freeTrial).toEqual({ available: true, nextClaimAt: null });
      // Claimed 4 days ago, so that its 3 days are over once the clock is back to now.
      ctx.clock.set(Date.now() - 4 * DAY);

      const res = await claim(user.token);
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        message: subscriptionMessages.freeTrialStarted,
        subscription: { active: true, plan: 'free', remainingDays: 3 },
        isPaidUser: true,
      });
      const start = Date.parse(body.subscription.startDate);
      expect(Date.parse(body.subscription.endDate) - start).toBe(3 * DAY);
      const nextClaimAt = new Date(start + 30 * DAY).toISOString();
      expect(body.freeTrial).toEqual({ available: false, nextClaimAt });

      // The day it opens again, in the product's date format and the user's zone (UTC here).
      const tooSoon = subscriptionMessages.freeTrialTooSoon(
        formatDate(nextClaimAt, { timeZone: 'UTC' }),
      );
      expect(tooSoon).toMatch(/again on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
      const again = await claim(user.token);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toEqual({ code: 'CONFLICT', message: tooSoon });
      // Still refused once the 3 days are over, until 30 days after the claim.
      ctx.clock.useRealTime();
      expect((await get(user.token)).isPaidUser).toBe(false);
      expect((await claim(user.token)).json().error.message).toBe(tooSoon);
      expect(await subscriptionRowsOf(ctx.database, user.id)).toHaveLength(1);
      const entries = await auditEntriesFor(ctx.database, user.id);
      expect(entries.map((e) => [e.action, e.actorId])).toEqual([
        ['subscription.free_trial', user.id],
      ]);
      expect(entries[0]!.details).toMatchObject({ username: user.username, plan: 'free' });
    });

    it('is available again 30 days after the last claim', async () => {
      const user = await register(ctx.app);
      await claimedAgo(user.token, 30 * DAY + 60_000);
      expect((await get(user.token)).freeTrial).toEqual({ available: true, nextClaimAt: null });
      expect((await claim(user.token)).statusCode).toBe(201);
      expect(await subscriptionRowsOf(ctx.database, user.id)).toHaveLength(2);
    });

    it('is not available 29 days after the last claim', async () => {
      const user = await register(ctx.app);
      const startDate = await claimedAgo(user.token, 29 * DAY);
      const nextClaimAt = new Date(startDate + 30 * DAY).toISOString();
      expect((await get(user.token)).freeTrial).toEqual({ available: false, nextClaimAt });
      const res = await claim(user.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toContain(formatDate(nextClaimAt, { timeZone: 'UTC' }));
    });

    it.each([
      ['premium granted by an admin', null],
      ['a running subscription', false],
      ['a cancelled subscription still running', true],
    ])('is refused with %s', async (_name, cancelled) => {
      let token = premiumToken;
      if (cancelled !== null) {
        const user = await register(ctx.app);
        token = user.token;
        await addPlan(ctx.app, adminToken, user.id, 'monthly');
        if (cancelled) {
          const cancel = await authed(ctx.app, token, 'POST', '/api/subscription/cancel');
          expect(cancel.statusCode).toBe(200);
        }
      }
      expect((await get(token)).freeTrial).toEqual({ available: false, nextClaimAt: null });
      const res = await claim(token);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'CONFLICT',
        message: subscriptionMessages.alreadyPremium,
      });
    });

    it('lets only one of several simultaneous claims through', async () => {
      const user = await register(ctx.app);
      const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => claim(user.token)));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      expect(await subscriptionRowsOf(ctx.database, user.id)).toHaveLength(1);
      expect(await auditEntriesFor(ctx.database, user.id)).toHaveLength(1);
    });
  });
});
