import { count, eq, notLike } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.js';
import { bearer, newUser, register, roles, type Method } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

type Caller = 'anonymous' | 'forged' | 'user' | 'premium' | 'admin';
interface Target {
  id: string;
  username: string;
}
interface RouteCase {
  method: Method;
  path: string;
  url: (t: Target) => string;
  body?: (t: Target, caller: { password: string }) => unknown;
  /** Expected status per caller; anonymous and forged tokens always get 401. */
  expect: Record<'user' | 'premium' | 'admin', number>;
}

const ADMIN_ONLY = { user: 403, premium: 403 } as const;
const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: '/users/all',
    url: () => '/api/users/all',
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    method: 'GET',
    path: '/users/stats',
    url: () => '/api/users/stats',
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    method: 'PUT',
    path: '/users/premium-status',
    url: () => '/api/users/premium-status',
    body: (t) => ({ userId: t.id, isPaidUser: true }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    method: 'PUT',
    path: '/users/admin-status',
    url: () => '/api/users/admin-status',
    body: (t) => ({ userId: t.id, isAdmin: true }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    method: 'PUT',
    path: '/users/email',
    url: () => '/api/users/email',
    body: (t) => ({ userId: t.id, email: `${t.username}-new@example.com` }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    method: 'PUT',
    path: '/users/username',
    url: () => '/api/users/username',
    body: (t) => ({ userId: t.id, username: `${t.username}-new` }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    method: 'POST',
    path: '/users/send-verification',
    url: () => '/api/users/send-verification',
    body: (t) => ({ userId: t.id }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    method: 'DELETE',
    path: '/users/:id',
    url: (t) => `/api/users/${t.id}`,
    expect: { ...ADMIN_ONLY, admin: 204 },
  },
  {
    method: 'GET',
    path: '/admin/audit-log',
    url: () => '/api/admin/audit-log',
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    method: 'GET',
    path: '/admin/contact-messages',
    url: () => '/api/admin/contact-messages',
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    method: 'PUT',
    path: '/users/password',
    url: () => '/api/users/password',
    body: (_t, caller) => ({ currentPassword: caller.password, newPassword: 'another-secret' }),
    expect: { user: 200, premium: 200, admin: 200 },
  },
  {
    method: 'PUT',
    path: '/users/leaderboard',
    url: () => '/api/users/leaderboard',
    body: () => ({ showOnLeaderboard: false }),
    expect: { user: 200, premium: 200, admin: 200 },
  },
];

const CALLERS: Caller[] = ['anonymous', 'forged', 'user', 'premium', 'admin'];
const TABLE = ROUTES.flatMap((route) =>
  CALLERS.map((caller) => {
    const status = caller === 'anonymous' || caller === 'forged' ? 401 : route.expect[caller];
    return [`${route.method} ${route.path}`, caller, status, route] as const;
  }),
);

describeEachDatabase('authorization matrix of accounts, admin and audit routes', (ctx) => {
  let r: Awaited<ReturnType<typeof roles>>;
  let victim: Awaited<ReturnType<typeof register>>;
  let victimBefore: unknown;
  let auditBefore = 0;
  const victimRow = async () =>
    (await ctx.database.db.select().from(users).where(eq(users.id, victim.id)))[0];
  /** Audit entries of changes: a refusal changes nothing (its security event is not counted). */
  const auditCount = async () =>
    (
      await ctx.database.db
        .select({ n: count() })
        .from(auditLog)
        .where(notLike(auditLog.action, 'auth.%'))
    )[0]!.n;

  beforeAll(async () => {
    r = await roles(ctx.app, ctx.database);
    victim = await register(ctx.app, newUser('victim'));
    victimBefore = await victimRow();
  });

  it.each(TABLE)('%s as %s answers %i', async (_name, caller, status, route) => {
    // Admins act on a fresh account each time; everyone else aims at the same victim.
    const target = caller === 'admin' ? await register(ctx.app, newUser('target')) : victim;
    const who = caller === 'anonymous' || caller === 'forged' ? undefined : r[caller];
    const headers =
      caller === 'forged' ? bearer('not.a.token') : who ? bearer(who.token) : undefined;
    const body = route.body?.(target, who ?? { password: 'x' });
    if (caller !== 'admin') auditBefore = await auditCount();
    const res = await ctx.app.inject({
      method: route.method,
      url: route.url(target),
      ...(headers && { headers }),
      ...(body !== undefined && { payload: body as object }),
    });
    expect(res.statusCode, res.body).toBe(status);
    if (status >= 400) expect(res.json().error.message).toEqual(expect.any(String));
    if (status === 403) expect(res.json().error.code).toBe('ADMIN_REQUIRED');
    if (status === 401) expect(res.json().error.code).toBe('UNAUTHORIZED');
    if (caller !== 'admin' && route.path !== '/users/password') {
      expect(await auditCount()).toBe(auditBefore);
    }
  });

  it('left the victim untouched: nobody but an admin acted on another account', async () => {
    expect(await victimRow()).toEqual(victimBefore);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: bearer(victim.token),
    });
    expect(me.json()).toMatchObject({ isPaidUser: false, isAdmin: false, showOnLeaderboard: true });
  });

  it.each(CALLERS)('GET /api/leaderboard is public: %s gets 200', async (caller) => {
    const who = caller === 'anonymous' || caller === 'forged' ? undefined : r[caller];
    const headers =
      caller === 'forged' ? bearer('not.a.token') : who ? bearer(who.token) : undefined;
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/leaderboard',
      ...(headers && { headers }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.any(Array));
  });
});
