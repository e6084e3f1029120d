import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/helper.js';

const json = { 'content-type': 'application/json' };

describeEachDatabase('JSON bodies', (ctx) => {
  async function login(): Promise<Record<string, string>> {
    const user = { username: 'bodyless', email: 'bodyless@example.com', password: 'correct-horse' };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/register', payload: user });
    const { token } = res.json() as { token: string };
    return { ...json, authorization: `Bearer ${token}` };
  }

  it('a route without a body accepts an empty one sent as JSON (DESIGN.md section 7)', async () => {
    const headers = await login();
    for (const url of ['/api/risk-management/reset-sl', '/api/risk-management/reset-stats']) {
      const res = await ctx.app.inject({ method: 'POST', url, headers, payload: '' });
      expect(res.statusCode, url).toBe(200);
    }
    const cleared = await ctx.app.inject({
      method: 'POST',
      url: '/api/trades/clear-history',
      headers,
      payload: '',
    });
    expect(cleared.statusCode).toBe(200);
    const missing = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/trades/00000000-0000-4000-8000-000000000000',
      headers,
      payload: '',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a route that needs a body still refuses an empty one with a clear 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: json,
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it('bad JSON and prototype poisoning are still refused', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: json,
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
    });
    const poisoned = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: json,
      payload: '{"__proto__":{"isAdmin":true},"username":"a","password":"b"}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});
