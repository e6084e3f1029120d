import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authed, newUser, register, someIp } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

type Account = Awaited<ReturnType<typeof register>>;

/**
 * A mailed link works only while the account still has the address it was mailed to, and an
 * email or password change ends the links that change makes stale (issue 11).
 */
describeEachDatabase('mailed links are bound to their address', (ctx) => {
  let admin: Account;
  beforeAll(async () => {
    // The first account of the suite's fresh database is the admin.
    admin = await register(ctx.app, newUser('admin'));
  });

  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, remoteAddress: someIp() });
  const verify = (token: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
  const reset = (token: string, password: string) =>
    post(`/api/users/reset-password/${token}`, { password });
  const requestReset = async (email: string) => {
    expect((await post('/api/users/reset-password-request', { email })).statusCode).toBe(200);
    return await ctx.mailer.lastToken(email, '/reset-password/');
  };
  const login = async (username: string, password: string) =>
    (await post('/api/users/login', { username, password })).statusCode;
  const isVerified = async (user: Account) =>
    (await authed(ctx.app, user.token, 'GET', '/api/users/me')).json().isEmailVerified;
  const setEmail = async (user: Account, email: string) => {
    const res = await authed(ctx.app, admin.token, 'PUT', '/api/users/email', {
      userId: user.id,
      email,
    });
    expect(res.statusCode).toBe(200);
  };
  const expectRefused = (res: { statusCode: number; json: () => { error: { code: string } } }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_TOKEN');
  };

  describe('verify links', () => {
    it('a link mailed to the old address does not verify the new one', async () => {
      const user = await register(ctx.app);
      const oldLink = await ctx.mailer.lastToken(user.email, '/verify-email/');
      await setEmail(user, `moved-${user.email}`);
      expectRefused(await verify(oldLink));
      expect(await isVerified(user)).toBe(false);

      // A link mailed to the new address does verify it.
      const send = await authed(ctx.app, admin.token, 'POST', '/api/users/send-verification', {
        userId: user.id,
      });
      expect(send.statusCode).toBe(200);
      expect(
        (await verify(await ctx.mailer.lastToken(`moved-${user.email}`, '/verify-email/')))
          .statusCode,
      ).toBe(200);
      expect(await isVerified(user)).toBe(true);
    });

    it('stays dead when the address changes back', async () => {
      const user = await register(ctx.app);
      const oldLink = await ctx.mailer.lastToken(user.email, '/verify-email/');
      await setEmail(user, `away-${user.email}`);
      await setEmail(user, user.email);
      expectRefused(await verify(oldLink));
      expect(await isVerified(user)).toBe(false);
    });

    it('still works after a password change (the address did not change)', async () => {
      const user = await register(ctx.app);
      const link = await ctx.mailer.lastToken(user.email, '/verify-email/');
      const change = await authed(ctx.app, user.token, 'PUT', '/api/users/password', {
        currentPassword: user.password,
        newPassword: 'battery-staple',
      });
      expect(change.statusCode).toBe(200);
      expect((await verify(link)).statusCode).toBe(200);
    });

    it('never works for a token stored without an address', async () => {
      const user = await register(ctx.app);
      const link = await ctx.mailer.lastToken(user.email, '/verify-email/');
      await ctx.database.db.execute(
        sql`update email_tokens set email = null where user_id = ${user.id}`,
      );
      expectRefused(await verify(link));
      expect(await isVerified(user)).toBe(false);
    });
  });

  describe('reset links', () => {
    it('a link mailed to the old address cannot set a password after the email moved', async () => {
      const user = await register(ctx.app);
      const oldLink = await requestReset(user.email);
      await setEmail(user, `new-${user.email}`);
      expectRefused(await reset(oldLink, 'taken-over'));
      expect(await login(user.username, 'taken-over')).toBe(401);
      expect(await login(user.username, user.password)).toBe(200);
    });

    it('stops working after a password change', async () => {
      const user = await register(ctx.app);
      const link = await requestReset(user.email);
      const change = await authed(ctx.app, user.token, 'PUT', '/api/users/password', {
        currentPassword: user.password,
        newPassword: 'battery-staple',
      });
      expect(change.statusCode).toBe(200);
      expectRefused(await reset(link, 'taken-over'));
      expect(await login(user.username, 'battery-staple')).toBe(200);
    });

    it('never works for a token stored without an address', async () => {
      const user = await register(ctx.app);
      const link = await requestReset(user.email);
      await ctx.database.db.execute(
        sql`update email_tokens set email = null where user_id = ${user.id}`,
      );
      expectRefused(await reset(link, 'taken-over'));
      expect(await login(user.username, user.password)).toBe(200);
    });
  });
});
