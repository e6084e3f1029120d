import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, newUser, register, someIp } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

describeEachDatabase('auth routes', (ctx) => {
  const post = (
    url: string,
    payload: unknown,
    headers: Record<string, string> = {},
    ip = someIp(),
  ) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });
  const me = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });

  describe('register', () => {
    it('makes the first account the admin and later ones normal users', async () => {
      const first = await register(ctx.app);
      const second = await register(ctx.app);
      expect(first.isAdmin).toBe(true);
      expect(second.isAdmin).toBe(false);
    });

    it('answers 201 with a 24-hour session, the message of SPEC.md and a verification mail', async () => {
      const user = newUser();
      const res = await post('/api/users/register', { ...user, email: user.email.toUpperCase() });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.message).toBe(
        'Registration successful! Please check your email to verify your account.',
      );
      expect(body.user).toMatchObject({
        username: user.username,
        email: user.email,
        isEmailVerified: false,
      });
      expect(body.user).not.toHaveProperty('passwordHash');
      const ttlH = (Date.parse(body.expiresAt) - Date.now()) / 3_600_000;
      expect(ttlH).toBeGreaterThan(23.9);
      expect(ttlH).toBeLessThanOrEqual(24);
      const mail = (await ctx.mailer.settled()).filter((m) => m.to === user.email).at(-1);
      expect(mail?.links[0]).toMatch(/^http:\/\/app\.test\/verify-email\/[\w-]{40,}$/);
    });

    it.each([
      ['a bad email', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [
        'a short password',
        { password: '12345' },
        'password',
        'Password must be at least 6 characters long',
      ],
      ['a missing username', { username: undefined }, 'username', 'Username is required'],
      [
        'a too short username',
        { username: 'ab' },
        'username',
        'Username must be 3 to 30 characters long',
      ],
      ['a password that is a number', { password: 123456 }, 'password', 'Password is required'],
    ])('refuses %s with 400 and the field', async (_name, override, field, message) => {
      const res = await post('/api/users/register', { ...newUser(), ...override });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message, field } });
    });

    it('refuses an email that is taken (any case) with 409 and the message of SPEC.md', async () => {
      const taken = await register(ctx.app);
      const res = await post('/api/users/register', {
        ...newUser(),
        email: taken.email.toUpperCase(),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'EMAIL_TAKEN',
        message: 'This email is already registered',
      });
    });

    it('refuses a username that is taken in another case', async () => {
      const taken = await register(ctx.app);
      const res = await post('/api/users/register', {
        ...newUser(),
        username: taken.username.toUpperCase(),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('USERNAME_TAKEN');
    });

    it('answers a body that is not JSON with 400 and a readable message', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('The request body is not valid JSON.');
    });
  });

  describe('login, me and logout', () => {
    it('signs in by username or by email and returns the user', async () => {
      const user = await register(ctx.app);
      for (const login of [user.username, user.email, user.username.toUpperCase()]) {
        const res = await post('/api/users/login', { username: login, password: user.password });
        expect(res.statusCode).toBe(200);
        expect(res.json().user.username).toBe(user.username);
      }
    });

    it('refuses a wrong password and an unknown user with the same 401', async () => {
      const user = await register(ctx.app);
      const wrong = await post('/api/users/login', {
        username: user.username,
        password: 'nope-nope',
      });
      const unknown = await post('/api/users/login', {
        username: 'nobody-here',
        password: 'nope-nope',
      });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json().error).toEqual({
          code: 'INVALID_CREDENTIALS',
          message: 'Invalid username or password',
        });
      }
    });

    it('requires username and password', async () => {
      const res = await post('/api/users/login', { username: '', password: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Username is required');
    });

    it('GET /users/me needs a live session', async () => {
      const user = await register(ctx.app);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
      expect((await me('not-a-jwt')).statusCode).toBe(401);
      const ok = await me(user.token);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ id: user.id, username: user.username, role: 'user' });
    });

    it('logout revokes the token', async () => {
      const user = await register(ctx.app);
      const res = await post('/api/users/logout', {}, bearer(user.token));
      expect(res.statusCode).toBe(204);
      expect((await me(user.token)).statusCode).toBe(401);
    });
  });

  describe('per-address rate limits', () => {
    it('answers the sixth reset request in a minute from one address with 429', async () => {
      const codes = [];
      for (let i = 0; i < 6; i++) {
        const res = await post(
          '/api/users/reset-password-request',
          { email: `x${i}@example.com` },
          {},
          '10.9.9.9',
        );
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
      const last = await post(
        '/api/users/reset-password-request',
        { email: 'y@example.com' },
        {},
        '10.9.9.9',
      );
      expect(last.json().error).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Please wait a minute and try again.',
      });
    });
  });

  describe('check-email', () => {
    it('says whether an address is registered, never by whom', async () => {
      const user = await register(ctx.app);
      expect((await post('/api/auth/check-email', { email: user.email })).json()).toEqual({
        exists: true,
      });
      expect((await post('/api/auth/check-email', { email: 'free@example.com' })).json()).toEqual({
        exists: false,
      });
      expect((await post('/api/auth/check-email', { email: 'x' })).statusCode).toBe(400);
    });

    it('answers one address at most 10 times a minute, like registration', async () => {
      const codes = [];
      for (let i = 0; i < 11; i++) {
        const res = await post(
          '/api/auth/check-email',
          { email: `p${i}@example.com` },
          {},
          '10.7.7.7',
        );
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([...Array(10).fill(200), 429]);
    });
  });

  describe('email verification', () => {
    it('verifies with the mailed link once', async () => {
      const user = await register(ctx.app);
      const token = await ctx.mailer.lastToken(user.email, '/verify-email/');
      const first = await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
      expect(first.statusCode).toBe(200);
      expect(first.json().message).toBe(
        'Email verified successfully! You can now use all features.',
      );
      expect((await me(user.token)).json().isEmailVerified).toBe(true);
      // Reopened while verified: the answer says so, not "invalid or has expired".
      const again = await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ message: 'Your email is already verified.' });
    });

    it('a used link of an address the account no longer has stays invalid', async () => {
      const user = await register(ctx.app);
      const token = await ctx.mailer.lastToken(user.email, '/verify-email/');
      await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
      // As the admin's PUT /api/users/email does: a new, unverified address.
      await ctx.database.db.execute(
        sql`update users set email = ${`moved-${user.email}`}, email_verified_at = null where id = ${user.id}`,
      );
      const again = await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.message).toBe('This verification link is invalid or has expired.');
    });

    it('an unknown link stays invalid', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/auth/verify-email/${'x'.repeat(43)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_TOKEN');
    });

    it('refuses an expired link', async () => {
      const user = await register(ctx.app);
      const token = await ctx.mailer.lastToken(user.email, '/verify-email/');
      await ctx.database.db.execute(
        sql`update email_tokens set expires_at = now() - interval '1 minute'`,
      );
      const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('This verification link is invalid or has expired.');
    });

    it('resend answers the same for unknown addresses and replaces the old link', async () => {
      const user = await register(ctx.app);
      const oldToken = await ctx.mailer.lastToken(user.email, '/verify-email/');
      const unknown = await post('/api/auth/resend-verification', { email: 'ghost@example.com' });
      const known = await post('/api/auth/resend-verification', { email: user.email });
      expect(unknown.json()).toEqual(known.json());
      expect(known.json().message).toBe(
        'A new verification email has been sent. Please check your inbox.',
      );
      const newToken = await ctx.mailer.lastToken(user.email, '/verify-email/');
      expect(newToken).not.toBe(oldToken);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email/${oldToken}` }))
          .statusCode,
      ).toBe(400);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email/${newToken}` }))
          .statusCode,
      ).toBe(200);
    });
  });

  describe('password reset', () => {
    it('sets a new password with the mailed link and signs every session out', async () => {
      const user = await register(ctx.app);
      const req = await post('/api/users/reset-password-request', { email: user.email });
      expect(req.json().message).toBe('Password reset link has been sent to your email');
      const token = await ctx.mailer.lastToken(user.email, '/reset-password/');
      const res = await post(`/api/users/reset-password/${token}`, { password: 'brand-new-pass' });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Password reset successful! Redirecting to login...');
      expect((await me(user.token)).statusCode).toBe(401);
      expect(
        (await post('/api/users/login', { username: user.username, password: user.password }))
          .statusCode,
      ).toBe(401);
      expect(
        (await post('/api/users/login', { username: user.username, password: 'brand-new-pass' }))
          .statusCode,
      ).toBe(200);
      const reuse = await post(`/api/users/reset-password/${token}`, { password: 'another-pass' });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().error.message).toBe('This reset link is invalid or has expired.');
    });

    it('answers the same for an unknown address and sends nothing', async () => {
      const before = (await ctx.mailer.settled()).length;
      const res = await post('/api/users/reset-password-request', { email: 'nobody@example.com' });
      expect(res.statusCode).toBe(200);
      expect((await ctx.mailer.settled()).length).toBe(before);
    });

    it('validates the new password before using the token', async () => {
      const user = await register(ctx.app);
      await post('/api/users/reset-password-request', { email: user.email });
      const token = await ctx.mailer.lastToken(user.email, '/reset-password/');
      const short = await post(`/api/users/reset-password/${token}`, { password: '123' });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.message).toBe('Password must be at least 6 characters long');
      expect(
        (await post(`/api/users/reset-password/${token}`, { password: 'brand-new-pass' }))
          .statusCode,
      ).toBe(200);
    });

    it('limits reset requests per address', async () => {
      const user = await register(ctx.app);
      const codes = [];
      for (let i = 0; i < 4; i++) {
        codes.push(
          (await post('/api/users/reset-password-request', { email: user.email })).statusCode,
        );
      }
      expect(codes).toEqual([200, 200, 200, 429]);
    });
  });
});
