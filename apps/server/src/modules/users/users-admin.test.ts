import type { AdminUser } from '@tb/core';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { addPlan, authed, insertTrade, newUser, register, roles } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';
import { AuditRepository } from '../audit/audit.repository.js';

const DAY = 86_400_000;
type Roles = Awaited<ReturnType<typeof roles>>;

describeEachDatabase('admin user list, stats, premium and admin status', (ctx) => {
  let r: Roles;
  const asAdmin = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    authed(ctx.app, r.admin.token, method, url, payload);
  const list = async (query = '') => {
    const res = await asAdmin('GET', `/api/users/all${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { users: AdminUser[]; total: number; page: number; pageSize: number };
  };
  /** The newest audit entry of a change (a refused request's security event is skipped). */
  const lastAudit = async () =>
    (await new AuditRepository(ctx.database.db).latest(5)).find(
      (e) => !e.action.startsWith('auth.'),
    );

  beforeAll(async () => {
    r = await roles(ctx.app, ctx.database);
  });

  it('lists accounts newest first with trade counts, effective premium and the raw flag', async () => {
    const subscriber = await register(ctx.app, newUser('subscriber'));
    // 90 days from 80 days ago: 10 days left.
    await ctx.clock.at(Date.now() - 80 * DAY, () =>
      addPlan(ctx.app, r.admin.token, subscriber.id, 'quarterly'),
    );
    for (const status of ['OPEN', 'TARGET_HIT', 'STOPLOSS_HIT'] as const) {
      await insertTrade(ctx.database, {
        userId: subscriber.id,
        status,
        pnlUsd: status === 'OPEN' ? null : 1,
      });
    }
    const body = await list();
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(body.users.map((u) => u.id)).toEqual([
      subscriber.id,
      r.user.id,
      r.premium.id,
      r.admin.id,
    ]);
    expect(body.users[0]).toMatchObject({
      isPaidUser: true,
      premiumGranted: false,
      tradeCount: 3,
      subscription: { active: true, plan: 'quarterly', remainingDays: 10 },
      lastActiveAt: null,
    });
    expect(body.users[2]).toMatchObject({ isPaidUser: true, premiumGranted: true, tradeCount: 0 });
    expect(body.users[3]).toMatchObject({ isAdmin: true, role: 'admin', isPaidUser: false });
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
  });

  it('searches username or email in any case and pages through the results', async () => {
    const byName = await list(`?search=${r.premium.username.toUpperCase()}`);
    expect(byName.users.map((u) => u.id)).toEqual([r.premium.id]);
    const byEmail = await list(`?search=${encodeURIComponent(`@EXAMPLE.com`)}`);
    expect(byEmail.total).toBe(4);
    const page2 = await list('?pageSize=3&page=2');
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.users.map((u) => u.id)).toEqual([r.admin.id]);
    expect((await list('?page=9')).users).toEqual([]);
    expect(await list(`?page=${Number.MAX_SAFE_INTEGER}&pageSize=100`)).toMatchObject({
      users: [],
      total: 4,
    });
    // LIKE wildcards in a search match themselves.
    expect((await list('?search=%25')).total).toBe(0);
    expect((await list('?search=_')).total).toBe(0);
  });

  it('refuses a bad page or page size with 400', async () => {
    for (const [query, message] of [
      ['?page=0', 'Page must be a whole number of 1 or more'],
      ['?pageSize=101', 'Page size must be a whole number from 1 to 100'],
      ['?pageSize=abc', 'Page size must be a whole number from 1 to 100'],
      [`?search=${'x'.repeat(101)}`, 'Search must be at most 100 characters'],
    ]) {
      const res = await asAdmin('GET', `/api/users/all${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
  });

  it('counts users, premium, admins, verified, subscriptions and trades', async () => {
    const res = await asAdmin('GET', '/api/users/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      users: 4,
      premium: 2,
      admins: 1,
      verified: 0,
      activeSubscriptions: 1,
      trades: 3,
    });
  });

  it('grants premium, which shows on the target’s next request, and records it', async () => {
    const res = await asAdmin('PUT', '/api/users/premium-status', {
      userId: r.user.id,
      isPaidUser: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: r.user.id, isPaidUser: true, premiumGranted: true });
    const me = await authed(ctx.app, r.user.token, 'GET', '/api/users/me');
    expect(me.json().isPaidUser).toBe(true);
    expect(await lastAudit()).toMatchObject({
      actorId: r.admin.id,
      action: 'user.premium_status',
      targetType: 'user',
      targetId: r.user.id,
      details: { username: r.user.username, old: false, new: true },
    });
    await asAdmin('PUT', '/api/users/premium-status', { userId: r.user.id, isPaidUser: false });
    expect((await authed(ctx.app, r.user.token, 'GET', '/api/users/me')).json().isPaidUser).toBe(
      false,
    );
  });

  it('grants and removes admin status, effective on the target’s next request', async () => {
    const grant = await asAdmin('PUT', '/api/users/admin-status', {
      userId: r.user.id,
      isAdmin: true,
    });
    expect(grant.json()).toMatchObject({ isAdmin: true, role: 'admin' });
    expect((await authed(ctx.app, r.user.token, 'GET', '/api/users/stats')).statusCode).toBe(200);
    const revoke = await asAdmin('PUT', '/api/users/admin-status', {
      userId: r.user.id,
      isAdmin: false,
    });
    expect(revoke.json()).toMatchObject({ isAdmin: false, role: 'user' });
    const refused = await authed(ctx.app, r.user.token, 'GET', '/api/users/stats');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ADMIN_REQUIRED');
    expect(await lastAudit()).toMatchObject({
      action: 'user.admin_status',
      details: { username: r.user.username, old: true, new: false },
    });
  });

  it('refuses removing your own admin status with 409, and changes nothing', async () => {
    const res = await asAdmin('PUT', '/api/users/admin-status', {
      userId: r.admin.id,
      isAdmin: false,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'CONFLICT',
      message: 'You cannot remove your own admin status. Ask another admin to do it.',
    });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, r.admin.id));
    expect(row!.isAdmin).toBe(true);
  });

  it.each([
    ['an unknown id', '7b0c6a52-3f1e-4d2a-9c55-0a7e5d1b2c3d'],
    ['an id that is not a uuid', 'not-a-uuid'],
  ])('answers 404 "User not found" for %s', async (_name, userId) => {
    for (const [url, body] of [
      ['/api/users/premium-status', { userId, isPaidUser: true }],
      ['/api/users/admin-status', { userId, isAdmin: true }],
    ] as const) {
      const res = await asAdmin('PUT', url, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'User not found' });
    }
  });

  it.each([
    ['a missing flag', { isPaidUser: undefined }, 'isPaidUser', 'Premium status is required'],
    [
      'a flag that is text',
      { isPaidUser: 'yes' },
      'isPaidUser',
      'Premium status must be true or false',
    ],
    ['a missing user id', { userId: undefined }, 'userId', 'Id is required'],
    ['a user id with odd characters', { userId: "1' or '1'='1" }, 'userId', 'Id is not valid'],
  ])('refuses %s with 400 on the field, and changes nothing', async (_n, patch, field, message) => {
    const res = await asAdmin('PUT', '/api/users/premium-status', {
      userId: r.user.id,
      isPaidUser: true,
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_ERROR', message, field });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, r.user.id));
    expect(row!.isPaidUser).toBe(false);
  });
});
