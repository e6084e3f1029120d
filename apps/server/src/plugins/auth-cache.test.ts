import { afterAll, afterEach, beforeAll, expect, it, vi, type MockInstance } from 'vitest';
import { SessionsRepository } from '../modules/auth/sessions.repository.js';
import { addPlan, authed, newUser, register, roles, someIp } from '../test/api.js';
import { describeEachDatabase } from '../test/helper.js';
import { SESSION_TTL_MS } from './auth.js';

type Roles = Awaited<ReturnType<typeof roles>>;

// Verified sessions are kept a few seconds (lib/session-cache.ts); whatever ends a session or
// changes its user must be seen by the very next request. Each check below is made right
// after a request that put the session in the cache.
describeEachDatabase('verified sessions kept in memory', (ctx) => {
  let r: Roles;
  let findLive: MockInstance<SessionsRepository['findLive']>;
  beforeAll(async () => {
    r = await roles(ctx.app, ctx.database);
    findLive = vi.spyOn(SessionsRepository.prototype, 'findLive');
  });
  afterEach(() => findLive.mockClear());
  afterAll(() => findLive.mockRestore());

  const me = (token: string) => authed(ctx.app, token, 'GET', '/api/users/me');
  const asAdmin = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    authed(ctx.app, r.admin.token, method, url, payload);
  const login = async (user: { username: string; password: string }) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: user.username, password: user.password },
      remoteAddress: someIp(),
    });
    return res.json().token as string;
  };

  it('asks the database once for a burst of requests with one token', async () => {
    const user = await register(ctx.app);
    for (let i = 0; i < 5; i++) expect((await me(user.token)).statusCode).toBe(200);
    expect(findLive.mock.calls.filter(([, userId]) => userId === user.id)).toHaveLength(1);
  });

  it('refuses a session at once after logout', async () => {
    const user = await register(ctx.app);
    const second = await login(user);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(200);
    const out = await authed(ctx.app, user.token, 'POST', '/api/users/logout');
    expect(out.statusCode).toBe(204);
    expect((await me(user.token)).statusCode).toBe(401);
    // Only that session ended.
    expect((await me(second)).statusCode).toBe(200);
  });

  it('refuses the other sessions at once after a password change, keeps this one', async () => {
    const user = await register(ctx.app);
    const other = await login(user);
    expect((await me(other)).statusCode).toBe(200);
    const res = await authed(ctx.app, user.token, 'PUT', '/api/users/password', {
      currentPassword: user.password,
      newPassword: 'battery-staple',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it("refuses a deleted user's token at once", async () => {
    const user = await register(ctx.app, newUser('doomed'));
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/api/users/${user.id}`)).statusCode).toBe(204);
    expect((await me(user.token)).statusCode).toBe(401);
  });

  it('refuses admin pages at once to an admin who was demoted', async () => {
    const second = await register(ctx.app, newUser('deputy'));
    const promote = { userId: second.id, isAdmin: true };
    expect((await asAdmin('PUT', '/api/users/admin-status', promote)).statusCode).toBe(200);
    const list = () => authed(ctx.app, second.token, 'GET', '/api/users/all');
    expect((await list()).statusCode).toBe(200);
    const demote = { userId: second.id, isAdmin: false };
    expect((await asAdmin('PUT', '/api/users/admin-status', demote)).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(403);
  });

  it('refuses a session that expires while it is kept', async () => {
    const start = Date.parse('2026-03-10T12:00:00Z');
    ctx.clock.set(start);
    const user = await register(ctx.app);
    // Checked one second before its end, so it is in the cache when it ends.
    ctx.clock.set(start + SESSION_TTL_MS - 1_000);
    expect((await me(user.token)).statusCode).toBe(200);
    ctx.clock.set(start + SESSION_TTL_MS + 1);
    expect((await me(user.token)).statusCode).toBe(401);
  });

  it('shows changes of the user and their subscription on the next request', async () => {
    const user = await register(ctx.app);
    expect((await me(user.token)).json()).toMatchObject({ isPaidUser: false, timeZone: 'UTC' });
    await addPlan(ctx.app, r.admin.token, user.id, 'monthly');
    expect((await me(user.token)).json()).toMatchObject({
      isPaidUser: true,
      subscription: { plan: 'monthly', active: true },
    });
    const zone = { timeZone: 'Europe/Paris' };
    expect(
      (await authed(ctx.app, user.token, 'PUT', '/api/users/time-zone', zone)).statusCode,
    ).toBe(200);
    expect((await me(user.token)).json()).toMatchObject({ timeZone: 'Europe/Paris' });
  });
});
