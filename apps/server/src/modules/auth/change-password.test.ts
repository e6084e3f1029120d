import { expect, it } from 'vitest';
import { authed, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';
import { AuditRepository } from '../audit/audit.repository.js';

describeEachDatabase('PUT /api/users/password', (ctx) => {
  const change = (token: string, body: unknown) =>
    authed(ctx.app, token, 'PUT', '/api/users/password', body);
  const login = async (username: string, password: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username, password },
    });
    return res.statusCode === 200 ? (res.json().token as string) : res.statusCode;
  };
  const me = async (token: string) =>
    (await authed(ctx.app, token, 'GET', '/api/users/me')).statusCode;

  it('changes the password, keeps this session and signs every other one out', async () => {
    const user = await register(ctx.app);
    const other = await login(user.username, user.password);
    expect(typeof other).toBe('string');
    const res = await change(user.token, {
      currentPassword: user.password,
      newPassword: 'battery-staple',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password changed. Other sessions were signed out.' });
    expect(await me(user.token)).toBe(200);
    expect(await me(other as string)).toBe(401);
    expect(await login(user.username, user.password)).toBe(401);
    expect(typeof (await login(user.username, 'battery-staple'))).toBe('string');
    // The old password's failed sign-in is audited after it.
    const entries = await new AuditRepository(ctx.database.db).latest(5);
    const entry = entries.find((e) => e.action === 'user.password_change');
    expect(entry).toMatchObject({
      actorId: user.id,
      action: 'user.password_change',
      targetType: 'user',
      targetId: user.id,
      details: { username: user.username },
    });
    expect(JSON.stringify(entry)).not.toMatch(/correct-horse|battery-staple|argon/);
  });

  it('refuses a wrong current password with 400 on currentPassword, and keeps the old one', async () => {
    const user = await register(ctx.app);
    const res = await change(user.token, {
      currentPassword: 'wrong-one',
      newPassword: 'abcdef-12',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Current password is incorrect',
      field: 'currentPassword',
    });
    expect(typeof (await login(user.username, user.password))).toBe('string');
  });

  it.each([
    ['a short new password', { newPassword: 'abc' }, 'newPassword'],
    ['a missing current password', { currentPassword: undefined }, 'currentPassword'],
    ['a new password that is not text', { newPassword: 123456 }, 'newPassword'],
  ])('refuses %s with 400 on the field', async (_name, patch, field) => {
    const user = await register(ctx.app);
    const res = await change(user.token, {
      currentPassword: user.password,
      newPassword: 'long-enough',
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field });
    expect(typeof (await login(user.username, user.password))).toBe('string');
  });

  it('answers 429 after 5 wrong tries in 15 minutes, even with the right password', async () => {
    const user = await register(ctx.app);
    for (let i = 0; i < 5; i++) {
      const res = await change(user.token, {
        currentPassword: `wrong-${i}`,
        newPassword: 'abcdef-12',
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await change(user.token, {
      currentPassword: user.password,
      newPassword: 'abcdef-12',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
    expect(typeof (await login(user.username, user.password))).toBe('string');
  });

  it('needs a session (401) and changes only the caller’s own password', async () => {
    const anon = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: { currentPassword: 'x', newPassword: 'abcdef-12' },
    });
    expect(anon.statusCode).toBe(401);
    const a = await register(ctx.app);
    const b = await register(ctx.app);
    const res = await change(a.token, {
      userId: b.id,
      currentPassword: b.password,
      newPassword: 'taken-over',
    });
    expect(res.statusCode).toBe(200); // a's own password: both use the same test password
    expect(await login(b.username, 'taken-over')).toBe(401);
    expect(typeof (await login(a.username, 'taken-over'))).toBe('string');
  });
});
