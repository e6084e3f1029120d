import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sessions, trades, users } from '../../db/schema/index.js';
import { authed, insertTrade, newUser, register, roles, type Method } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { UsersRepository } from './users.repository.js';

type Roles = Awaited<ReturnType<typeof roles>>;

describeEachDatabase('admin edits of email, username, verification and deletion', (ctx) => {
  let r: Roles;
  const asAdmin = (method: Method, url: string, payload?: unknown) =>
    authed(ctx.app, r.admin.token, method, url, payload);
  const row = async (id: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0];
  const lastAudit = async () => (await new AuditRepository(ctx.database.db).latest(1))[0];

  beforeAll(async () => {
    r = await roles(ctx.app, ctx.database);
  });

  it('changes an email (lower-cased), marks it unverified and records old and new', async () => {
    const target = await register(ctx.app);
    const token = await ctx.mailer.lastToken(target.email, '/verify-email/');
    await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
    expect((await row(target.id))!.emailVerifiedAt).not.toBeNull();
    const res = await asAdmin('PUT', '/api/users/email', {
      userId: target.id,
      email: 'New.Address@Example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'new.address@example.com', isEmailVerified: false });
    expect(await lastAudit()).toMatchObject({
      actorId: r.admin.id,
      action: 'user.email',
      targetId: target.id,
      details: { username: target.username, old: target.email, new: 'new.address@example.com' },
    });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: 'new.address@example.com', password: target.password },
    });
    expect(login.statusCode).toBe(200);
  });

  /**
   * Issue 29 (finding 10): an email change mailed nobody, not even the old address, so an
   * account moved to another mailbox went unnoticed.
   */
  it('tells the old address, masked, how to get the account back, and asks the new one to verify', async () => {
    const target = await register(ctx.app);
    const res = await asAdmin('PUT', '/api/users/email', {
      userId: target.id,
      email: 'moved.here@example.com',
    });
    expect(res.statusCode).toBe(200);
    const [old] = (await ctx.mailer.settled()).filter(
      (m) => m.to === target.email && m.subject === 'Your Trading Bingo email address was changed',
    );
    expect(old?.text).toContain('m*********@example.com');
    expect(old?.text).not.toContain('moved.here@');
    expect(old?.text).toContain('If you did not ask for this');
    const token = await ctx.mailer.lastToken('moved.here@example.com', '/verify-email/');
    const verified = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email/${token}`,
    });
    expect(verified.statusCode).toBe(200);
    expect((await row(target.id))!.emailVerifiedAt).not.toBeNull();
    // Setting the same address again changes nothing and mails nobody.
    const before = (await ctx.mailer.settled()).length;
    await asAdmin('PUT', '/api/users/email', {
      userId: target.id,
      email: 'moved.here@example.com',
    });
    expect((await ctx.mailer.settled()).length).toBe(before);
  });

  it('refuses an email another account holds with 409 EMAIL_TAKEN', async () => {
    const res = await asAdmin('PUT', '/api/users/email', {
      userId: r.user.id,
      email: r.premium.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'This email is already registered',
    });
    expect((await row(r.user.id))!.email).toBe(r.user.email);
  });

  it('changes a username, and lets its owner change only its case', async () => {
    const renamed = `${r.user.username}x`;
    const res = await asAdmin('PUT', '/api/users/username', {
      userId: r.user.id,
      username: renamed,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(renamed);
    expect(await lastAudit()).toMatchObject({
      action: 'user.username',
      details: { username: r.user.username, old: r.user.username, new: renamed },
    });
    const upper = await asAdmin('PUT', '/api/users/username', {
      userId: r.user.id,
      username: renamed.toUpperCase(),
    });
    expect(upper.json().username).toBe(renamed.toUpperCase());
    const me = await authed(ctx.app, r.user.token, 'GET', '/api/users/me');
    expect(me.json().username).toBe(renamed.toUpperCase());
  });

  it('refuses a username taken in another case with 409 USERNAME_TAKEN', async () => {
    const res = await asAdmin('PUT', '/api/users/username', {
      userId: r.premium.id,
      username: r.admin.username.toUpperCase(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'USERNAME_TAKEN',
      message: 'This username is already taken',
    });
    expect((await row(r.premium.id))!.username).toBe(r.premium.username);
  });

  it('answers "taken" when the unique index catches a race the lookup missed', async () => {
    const repo = new UsersRepository(ctx.database.db);
    const now = new Date();
    expect(await repo.setUsername(r.premium.id, r.admin.username.toUpperCase(), now)).toBe('taken');
    expect(await repo.setEmail(r.premium.id, r.admin.email, now)).toBe('taken');
  });

  it('refuses a bad username or email with 400 on the field', async () => {
    for (const [url, body, field] of [
      ['/api/users/username', { userId: r.user.id, username: 'a b' }, 'username'],
      ['/api/users/username', { userId: r.user.id, username: 'ab' }, 'username'],
      ['/api/users/email', { userId: r.user.id, email: 'not-an-email' }, 'email'],
    ] as const) {
      const res = await asAdmin('PUT', url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field });
      expect(res.json().error.message).toEqual(expect.any(String));
    }
  });

  it('sends a verification mail to an unverified address, and refuses a verified one', async () => {
    const before = (await ctx.mailer.settled()).length;
    const res = await asAdmin('POST', '/api/users/send-verification', { userId: r.premium.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `Verification email sent to ${r.premium.email}` });
    expect((await ctx.mailer.settled()).length).toBe(before + 1);
    const token = await ctx.mailer.lastToken(r.premium.email, '/verify-email/');
    const verified = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email/${token}`,
    });
    expect(verified.statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'user.send_verification',
      targetId: r.premium.id,
    });
    const again = await asAdmin('POST', '/api/users/send-verification', { userId: r.premium.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'CONFLICT',
      message: 'This email address is already verified',
    });
  });

  it('deletes an account with its trades and sessions; its token then answers 401', async () => {
    const victim = await register(ctx.app, newUser('victim'));
    await insertTrade(ctx.database, { userId: victim.id, status: 'TARGET_HIT', pnlUsd: 50 });
    const res = await asAdmin('DELETE', `/api/users/${victim.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const me = await authed(ctx.app, victim.token, 'GET', '/api/users/me');
    expect(me.statusCode).toBe(401);
    const left = async (table: typeof trades | typeof sessions) =>
      (
        await ctx.database.db.select({ n: count() }).from(table).where(eq(table.userId, victim.id))
      )[0]!.n;
    expect([await left(trades), await left(sessions)]).toEqual([0, 0]);
    expect(await lastAudit()).toMatchObject({
      actorId: r.admin.id,
      action: 'user.delete',
      targetId: victim.id,
      details: { username: victim.username, email: victim.email },
    });
    expect((await asAdmin('DELETE', `/api/users/${victim.id}`)).statusCode).toBe(404);
  });

  it('refuses deleting your own account with 409', async () => {
    const res = await asAdmin('DELETE', `/api/users/${r.admin.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'You cannot delete your own account from the admin panel',
    );
    expect(await row(r.admin.id)).toBeDefined();
  });

  it.each([
    ['an unknown id', '7b0c6a52-3f1e-4d2a-9c55-0a7e5d1b2c3d'],
    ['an id that is not a uuid', 'abc'],
  ])('answers 404 "User not found" for %s on every edit', async (_name, userId) => {
    for (const [method, url, body] of [
      ['PUT', '/api/users/email', { userId, email: 'free@example.com' }],
      ['PUT', '/api/users/username', { userId, username: 'free-name' }],
      ['POST', '/api/users/send-verification', { userId }],
      ['DELETE', `/api/users/${userId}`, undefined],
    ] as const) {
      const res = await asAdmin(method, url, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'User not found' });
    }
  });
});
