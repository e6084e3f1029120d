import { adminMessages, subscriptionMessages } from '@tb/core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Method,
  auditEntriesFor,
  authed,
  register,
  roles,
  subscriptionRowsOf,
} from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

describeEachDatabase('subscriptions: the admin', (ctx) => {
  let admin = { id: '', token: '' };
  beforeAll(async () => {
    admin = (await roles(ctx.app, ctx.database)).admin;
  });
  const call = (method: Method, url: string, body?: object) =>
    authed(ctx.app, admin.token, method, url, body);
  const add = (id: string, plan: string) =>
    call('POST', `/api/users/${id}/subscription/add`, { plan });
  const setDate = (id: string, endDate: string) =>
    call('POST', `/api/users/${id}/subscription/set-date`, { endDate });
  const view = async (id: string) => (await call('GET', `/api/users/${id}/subscription`)).json();
  /**
   * A fresh user with the 30-day monthly period the admin added `startedAgo` ms ago (the clock
   * is set back for it), cancelled by the user at that time if asked.
   */
  const withPeriod = async (startedAgo: number, cancelled = false) => {
    const user = await register(ctx.app);
    const period = await ctx.clock.at(Date.now() - startedAgo, async () => {
      const added = await add(user.id, 'monthly');
      expect(added.statusCode).toBe(200);
      if (cancelled) {
        const cancel = await authed(ctx.app, user.token, 'POST', '/api/subscription/cancel');
        expect(cancel.statusCode).toBe(200);
      }
      return added.json().subscription as { startDate: string; endDate: string };
    });
    return { ...user, period };
  };

  describe('add', () => {
    it.each([
      ['quick', 10],
      ['monthly', 30],
      ['quarterly', 90],
      ['annual', 365],
    ])('starts a %s period of %i days now when none runs', async (plan, days) => {
      const user = await register(ctx.app);
      const res = await add(user.id, plan);
      expect(res.statusCode).toBe(200);
      const { subscription, isPaidUser, freeTrial } = res.json();
      expect(subscription).toMatchObject({ active: true, plan, remainingDays: days });
      expect(Date.parse(subscription.endDate) - Date.parse(subscription.startDate)).toBe(
        days * DAY,
      );
      expect(isPaidUser).toBe(true);
      expect(freeTrial).toEqual({ available: false, nextClaimAt: null });
      expect(await view(user.id)).toEqual(res.json());
      const own = await authed(ctx.app, user.token, 'GET', '/api/subscription');
      expect(own.json()).toEqual(res.json());
    });

    it.each([
      ['a running period', false],
      ['a cancelled period still running', true],
    ])('extends %s from its end date, active again', async (_name, cancelled) => {
      // Added 10 days ago: 20 days left.
      const user = await withPeriod(10 * DAY, cancelled);
      const { startDate, endDate } = user.period;
      const res = await add(user.id, 'quarterly');
      expect(res.json().subscription).toEqual({
        active: true,
        plan: 'quarterly',
        startDate,
        endDate: new Date(Date.parse(endDate) + 90 * DAY).toISOString(),
        remainingDays: 110,
      });
      expect(await subscriptionRowsOf(ctx.database, user.id)).toHaveLength(1);
    });

    it('counts two simultaneous adds both, on one period', async () => {
      const user = await register(ctx.app);
      await Promise.all([add(user.id, 'monthly'), add(user.id, 'monthly')]);
      expect((await view(user.id)).subscription.remainingDays).toBe(60);
      expect(await subscriptionRowsOf(ctx.database, user.id)).toHaveLength(1);
    });

    it('continues a running free plan without forgetting the claim', async () => {
      const user = await register(ctx.app);
      const claim = await authed(ctx.app, user.token, 'POST', '/api/subscription/free-trial');
      const free = claim.json().subscription;
      const res = await add(user.id, 'monthly');
      expect(res.json().subscription).toMatchObject({
        active: true,
        plan: 'monthly',
        endDate: new Date(Date.parse(free.endDate) + 30 * DAY).toISOString(),
        remainingDays: 33,
      });
      await setDate(user.id, ago(1).toISOString());
      const nextClaimAt = new Date(Date.parse(free.startDate) + 30 * DAY).toISOString();
      expect((await view(user.id)).freeTrial).toEqual({ available: false, nextClaimAt });
    });

    it('starts a new period from now after an ended one', async () => {
      const user = await withPeriod(40 * DAY);
      const before = Date.now();
      const { subscription } = (await add(user.id, 'monthly')).json();
      expect(Date.parse(subscription.startDate)).toBeGreaterThanOrEqual(before - 1);
      expect(subscription.remainingDays).toBe(30);
      expect(await subscriptionRowsOf(ctx.database, user.id)).toHaveLength(2);
    });
  });

  describe('set-date', () => {
    it('in the past ends premium now', async () => {
      const user = await withPeriod(5 * DAY);
      const yesterday = ago(DAY).toISOString();
      const res = await setDate(user.id, yesterday);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        subscription: { active: false, endDate: yesterday, remainingDays: 0 },
        isPaidUser: false,
      });
      const me = await authed(ctx.app, user.token, 'GET', '/api/users/me');
      expect(me.json().isPaidUser).toBe(false);
    });

    it.each([
      ['a cancelled running period', DAY],
      ['a cancelled ended period', 40 * DAY],
    ])('in the future revives %s', async (_name, startedAgo) => {
      const user = await withPeriod(startedAgo, true);
      const endDate = ahead(60 * DAY).toISOString();
      const res = await setDate(user.id, endDate);
      expect(res.json()).toMatchObject({
        subscription: { active: true, plan: 'monthly', endDate, remainingDays: 60 },
        isPaidUser: true,
      });
      const [row] = await subscriptionRowsOf(ctx.database, user.id);
      expect(row!.cancelledAt).toBeNull();
    });

    it.each([
      ['2025-12-31T10:00:00+02:00', '2025-12-31T08:00:00.000Z'],
      ['2027-01-15', '2027-01-15T00:00:00.000Z'],
      ['2027-06-01T12:30:00Z', '2027-06-01T12:30:00.000Z'],
    ])('stores %s as %s', async (input, stored) => {
      const user = await withPeriod(DAY);
      const res = await setDate(user.id, input);
      expect(res.json().subscription.endDate).toBe(stored);
      const [row] = await subscriptionRowsOf(ctx.database, user.id);
      expect(row!.endDate.toISOString()).toBe(stored);
    });

    it('answers 409 for a user without any period', async () => {
      const user = await register(ctx.app);
      const res = await setDate(user.id, ahead(DAY).toISOString());
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'CONFLICT', message: adminMessages.noSubscription });
      expect(await subscriptionRowsOf(ctx.database, user.id)).toEqual([]);
    });
  });

  describe('cancel', () => {
    it("cancels the user's period, kept until its end; twice is 409", async () => {
      // Added 21 days ago: 9 days left.
      const user = await withPeriod(21 * DAY);
      const res = await call('POST', `/api/users/${user.id}/subscription/cancel`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: subscriptionMessages.cancelled,
        subscription: { active: false, remainingDays: 9 },
        isPaidUser: true,
      });
      const again = await call('POST', `/api/users/${user.id}/subscription/cancel`);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(subscriptionMessages.nothingToCancel);
    });
  });

  it('writes one audit entry per change, naming the admin, the user, plan and end date', async () => {
    const user = await register(ctx.app);
    const endDate = ahead(50 * DAY).toISOString();
    const steps: Array<[Method, string, object | undefined, string | null]> = [
      ['GET', 'subscription', undefined, null],
      ['POST', 'subscription/add', { plan: 'monthly' }, 'subscription.add'],
      ['POST', 'subscription/set-date', { endDate }, 'subscription.set_date'],
      ['POST', 'subscription/cancel', undefined, 'subscription.cancel'],
    ];
    for (const [method, path, body, action] of steps) {
      const before = await auditEntriesFor(ctx.database, user.id);
      const res = await call(method, `/api/users/${user.id}/${path}`, body);
      expect(res.statusCode, res.body).toBe(200);
      const added = (await auditEntriesFor(ctx.database, user.id)).slice(before.length);
      expect(added.map((e) => e.action)).toEqual(action ? [action] : []);
      if (!action) continue;
      expect(added[0]).toMatchObject({
        actorId: admin.id,
        targetType: 'user',
        targetId: user.id,
        details: {
          username: user.username,
          plan: 'monthly',
          endDate: res.json().subscription.endDate,
        },
      });
      expect(JSON.stringify(added[0]!.details)).not.toMatch(/password|token|secret/i);
    }
    expect((await auditEntriesFor(ctx.database, user.id))[2]!.details).toMatchObject({ endDate });
  });
});
