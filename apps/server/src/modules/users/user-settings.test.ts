import { beforeAll, expect, it } from 'vitest';
import { authed, login, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

describeEachDatabase('GET and PUT /api/users/settings', (ctx) => {
  let token = '';
  beforeAll(async () => {
    token = (await register(ctx.app)).token;
  });
  const get = async (as: string) => authed(ctx.app, as, 'GET', '/api/users/settings');
  const put = async (as: string, body: unknown) =>
    authed(ctx.app, as, 'PUT', '/api/users/settings', body);

  it('starts with live trading off', async () => {
    const user = await register(ctx.app);
    const res = await get(user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ liveTradingEnabled: false, flattenOnSessionEnd: false });
  });

  it('keeps the switch per user, for every session of that user', async () => {
    const user = await register(ctx.app);
    const res = await put(user.token, { liveTradingEnabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ liveTradingEnabled: true, flattenOnSessionEnd: false });

    // Another browser signs in as the same user: it reads the same choice.
    const other = await login(ctx.app, user);
    expect((await get(other)).json()).toMatchObject({ liveTradingEnabled: true });
    // Another user keeps theirs.
    expect((await get(token)).json()).toMatchObject({ liveTradingEnabled: false });

    // One setting changes, the other stays.
    await put(user.token, { flattenOnSessionEnd: true });
    expect((await get(other)).json()).toEqual({
      liveTradingEnabled: true,
      flattenOnSessionEnd: true,
    });
    await put(user.token, { liveTradingEnabled: false });
    expect((await get(user.token)).json()).toEqual({
      liveTradingEnabled: false,
      flattenOnSessionEnd: true,
    });
  });

  it.each([
    ['a string', { liveTradingEnabled: 'yes' }, 'Live trading must be true or false'],
    ['nothing', {}, 'Name a setting to change'],
  ])('answers 400 to %s', async (_name, body, message) => {
    const res = await put(token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('answers 401 without a token', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await ctx.app.inject({
        method,
        url: '/api/users/settings',
        ...(method === 'PUT' && { payload: { liveTradingEnabled: true } }),
      });
      expect(res.statusCode).toBe(401);
    }
  });
});
