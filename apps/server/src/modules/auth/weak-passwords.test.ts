import { authMessages as m } from '@tb/core';
import { expect, it } from 'vitest';
import { authed, newUser, register, someIp } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

/**
 * Issue 29 (finding 5): `123456`, `aaaaaa` and `password` were accepted as passwords. A new
 * password now needs 8 characters, not one repeated, not among the common ones, and not the
 * account's own name or address: on sign-up, reset and change alike, refused with the reason
 * and nothing changed.
 */
describeEachDatabase('weak passwords', (ctx) => {
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, remoteAddress: someIp() });
  const refusal = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(400);
    return (res.json() as { error: { code: string; field?: string; message: string } }).error;
  };

  it.each([
    ['123456', m.passwordUnder8],
    ['aaaaaa', m.passwordUnder8],
    ['12345', m.passwordTooShort],
    ['aaaaaaaa', m.passwordOneCharacter],
    ['password', m.passwordCommon],
    ['Password1', m.passwordCommon],
  ])('sign-up with %s is refused: %s', async (password, message) => {
    const user = { ...newUser(), password };
    const body = refusal(await post('/api/users/register', user));
    expect(body.message).toBe(message);
    expect(body.field).toBe('password');
    const check = await post('/api/auth/check-email', { email: user.email });
    expect(check.json()).toEqual({ exists: false });
  });

  it('sign-up with one’s own username as the password is refused', async () => {
    const user = newUser();
    const body = refusal(await post('/api/users/register', { ...user, password: user.username }));
    expect(body.message).toBe(m.passwordIsName);
  });

  it('a change to a common password is refused and the old one still works', async () => {
    const user = await register(ctx.app);
    const res = await authed(ctx.app, user.token, 'PUT', '/api/users/password', {
      currentPassword: user.password,
      newPassword: 'qwertyuiop',
    });
    const body = refusal(res);
    expect(body.message).toBe(m.passwordCommon);
    expect(body.field).toBe('newPassword');
    const again = await post('/api/users/login', {
      username: user.username,
      password: user.password,
    });
    expect(again.statusCode).toBe(200);
  });

  it('a reset to a common password is refused and leaves the link usable', async () => {
    const user = await register(ctx.app);
    await post('/api/users/reset-password-request', { email: user.email });
    const token = await ctx.mailer.lastToken(user.email, '/reset-password/');
    const weak = refusal(
      await post(`/api/users/reset-password/${token}`, { password: 'iloveyou1' }),
    );
    expect(weak.message).toBe(m.passwordCommon);
    const strong = await post(`/api/users/reset-password/${token}`, { password: 'brand-new-pass' });
    expect(strong.statusCode, strong.body).toBe(200);
  });
});
