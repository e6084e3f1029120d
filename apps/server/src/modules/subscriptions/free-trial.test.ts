import { subscriptionMessages } from '@tb/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/index.js';
import {
  auditEntriesFor,
  authed,
  insertSubscription,
  register,
  roles,
  subscriptionRowsOf,
} from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

describeEachDatabase('subscriptions: the free plan', (ctx) => {
  let premiumToken = '';
  beforeAll(async () => {
    premiumToken = (await roles(ctx.app, ctx.database)).premium.token;
  });
  const get = async (token: string) =>
    (await authed(ctx.app, token, 'GET', '/api/subscription')).json();
  const claim = (token: string) => authed(ctx.app, token, 'POST', '/api/subscription/free-trial');

  describe('free plan', () => {
    it('is claimed once: 3 days of premium, then 409 with the date it opens again', async () => {
      const user = await register(ctx.app);
      expect((await get(user.token)).freeTrial).toEqual({ available: true, nextClaimAt: null });

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

      const tooSoon = subscriptionMessages.freeTrialTooSoon(nextClaimAt.slice(0, 10));
      const again = await claim(user.token);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toEqual({ code: 'CONFLICT', message: tooSoon });
      // Still refused once the 3 days are over, until 30 days after the claim.
      await ctx.database.db
        .update(subscriptions)
        .set({ endDate: ago(1) })
        .where(eq(subscriptions.userId, user.id));
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
      const startDate = ago(30 * DAY + 60_000);
      await insertSubscription(ctx.database, {
        userId: user.id,
        plan: 'free',
        startDate,
        endDate: new Date(startDate.getTime() + 3 * DAY),
      });
      expect((await get(user.token)).freeTrial).toEqual({ available: true, nextClaimAt: null });
      expect((await claim(user.token)).statusCode).toBe(201);
      expect(await subscriptionRowsOf(ctx.database, user.id)).toHaveLength(2);
    });

    it('is not available 29 days after the last claim', async () => {
      const user = await register(ctx.app);
      const startDate = ago(29 * DAY);
      await insertSubscription(ctx.database, {
        userId: user.id,
        plan: 'free',
        startDate,
        endDate: new Date(startDate.getTime() + 3 * DAY),
      });
      const nextClaimAt = new Date(startDate.getTime() + 30 * DAY).toISOString();
      expect((await get(user.token)).freeTrial).toEqual({ available: false, nextClaimAt });
      const res = await claim(user.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toContain(nextClaimAt.slice(0, 10));
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
        await insertSubscription(ctx.database, {
          userId: user.id,
          plan: 'monthly',
          startDate: ago(DAY),
          endDate: ahead(DAY),
          ...(cancelled && { cancelledAt: ago(1000) }),
        });
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
