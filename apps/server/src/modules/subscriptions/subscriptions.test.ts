import { subscriptionMessages } from '@tb/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntriesFor, authed, insertSubscription, register, roles } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

describeEachDatabase('subscriptions: cancel by the user', (ctx) => {
  let premiumToken = '';
  beforeAll(async () => {
    premiumToken = (await roles(ctx.app, ctx.database)).premium.token;
  });
  const get = async (token: string) =>
    (await authed(ctx.app, token, 'GET', '/api/subscription')).json();
  const cancel = (token: string) => authed(ctx.app, token, 'POST', '/api/subscription/cancel');

  describe('cancel', () => {
    it('keeps premium until the end date: inactive, same end date and remaining days', async () => {
      const user = await register(ctx.app);
      const endDate = ahead(20 * DAY + 5_000);
      await insertSubscription(ctx.database, {
        userId: user.id,
        plan: 'monthly',
        startDate: ago(10 * DAY),
        endDate,
      });
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
      expect(res.json().subscription.endDate).toBe(endDate.toISOString());
      expect(await get(user.token)).toEqual({ ...res.json(), message: undefined });
      const me = (await authed(ctx.app, user.token, 'GET', '/api/users/me')).json();
      expect(me.isPaidUser).toBe(true);
    });

    it('refuses a second cancel with 409', async () => {
      const user = await register(ctx.app);
      await insertSubscription(ctx.database, {
        userId: user.id,
        plan: 'annual',
        startDate: ago(DAY),
        endDate: ahead(300 * DAY),
      });
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
      ['an ended period', { startDate: ago(40 * DAY), endDate: ago(10 * DAY) }],
    ])('answers 409 when there is %s to cancel', async (_name, period) => {
      const user = await register(ctx.app);
      if (period)
        await insertSubscription(ctx.database, { userId: user.id, plan: 'monthly', ...period });
      const res = await cancel(user.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(subscriptionMessages.nothingToCancel);
      expect(await auditEntriesFor(ctx.database, user.id)).toEqual([]);
    });

    it('answers 409 for premium granted by an admin: there is no period to cancel', async () => {
      expect((await cancel(premiumToken)).statusCode).toBe(409);
    });

    it('records the cancel in the audit log, by the user', async () => {
      const user = await register(ctx.app);
      const endDate = ahead(3 * DAY);
      await insertSubscription(ctx.database, {
        userId: user.id,
        plan: 'quick',
        startDate: ago(DAY),
        endDate,
      });
      await cancel(user.token);
      const entries = await auditEntriesFor(ctx.database, user.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actorId: user.id,
        action: 'subscription.cancel',
        targetType: 'user',
        details: { username: user.username, plan: 'quick', endDate: endDate.toISOString() },
      });
    });
  });
});
