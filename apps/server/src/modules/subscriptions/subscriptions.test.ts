import { subscriptionMessages } from '@tb/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlanId } from '@tb/core';
import { addPlan, auditEntriesFor, authed, register, roles } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

const DAY = 86_400_000;

describeEachDatabase('subscriptions: cancel by the user', (ctx) => {
  let premiumToken = '';
  let adminToken = '';
  beforeAll(async () => {
    const r = await roles(ctx.app, ctx.database);
    premiumToken = r.premium.token;
    adminToken = r.admin.token;
  });
  const get = async (token: string) =>
    (await authed(ctx.app, token, 'GET', '/api/subscription')).json();
  const cancel = (token: string) => authed(ctx.app, token, 'POST', '/api/subscription/cancel');
  /** The admin adds `plan` at `startedAt` (epoch ms); answers the period's end date. */
  const planFrom = async (userId: string, plan: PlanId, startedAt: number) => {
    const added = await ctx.clock.at(startedAt, () => addPlan(ctx.app, adminToken, userId, plan));
    return added.subscription.endDate;
  };
  const cancels = async (userId: string) =>
    (await auditEntriesFor(ctx.database, userId)).filter((e) => e.action === 'subscription.cancel');

  describe('cancel', () => {
    it('keeps premium until the end date: inactive, same end date and remaining days', async () => {
      const user = await register(ctx.app);
      // A 30-day period that began 10 days ago: 20 days and 5 s left.
      const endDate = await planFrom(user.id, 'monthly', Date.now() - 10 * DAY + 5_000);
      const before = await get(user.token);
      expect(before.subscription).toMatchObject({ active: true, remainingDays: 21 });

      const res = await cancel(user.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ...before,
        subscription: { ...before.subscription, active: false },
        isPaidUser: true,
        message: subscriptionMessages.cancelled,
      });
      expect(res.json().subscription.endDate).toBe(endDate);
      expect(await get(user.token)).toEqual({ ...res.json(), message: undefined });
      const me = (await authed(ctx.app, user.token, 'GET', '/api/users/me')).json();
      expect(me.isPaidUser).toBe(true);
    });

    it('refuses a second cancel with 409', async () => {
      const user = await register(ctx.app);
      await planFrom(user.id, 'annual', Date.now() - DAY);
      expect((await cancel(user.token)).statusCode).toBe(200);
      const again = await cancel(user.token);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toEqual({
        code: 'CONFLICT',
        message: subscriptionMessages.nothingToCancel,
      });
    });

    it.each([
      ['nothing', null],
      ['an ended period (30 days from 40 days ago)', 40 * DAY],
    ])('answers 409 when there is %s to cancel', async (_name, startedAgo) => {
      const user = await register(ctx.app);
      if (startedAgo) await planFrom(user.id, 'monthly', Date.now() - startedAgo);
      const res = await cancel(user.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(subscriptionMessages.nothingToCancel);
      expect(await cancels(user.id)).toEqual([]);
    });

    it('answers 409 for premium granted by an admin: there is no period to cancel', async () => {
      expect((await cancel(premiumToken)).statusCode).toBe(409);
    });

    it('records the cancel in the audit log, by the user', async () => {
      const user = await register(ctx.app);
      const endDate = await planFrom(user.id, 'quick', Date.now() - DAY);
      await cancel(user.token);
      const entries = await cancels(user.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actorId: user.id,
        action: 'subscription.cancel',
        targetType: 'user',
        details: { username: user.username, plan: 'quick', endDate },
      });
    });
  });
});
