import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/helper.js';

describeEachDatabase('health and docs', (ctx) => {
  it('GET /api/health answers ok with the database kind', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    // No REDIS_URL: one process, its limits in memory; nothing is degraded.
    expect(res.json()).toMatchObject({ status: 'ok', db: ctx.database.kind, redis: 'off' });
    expect(res.json()).not.toHaveProperty('reason');
  });

  it('serves the OpenAPI document with the auth routes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/users/login', '/api/users/register', '/api/users/me']),
    );
  });

  it('serves the interactive docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Swagger UI');
  });

  it('answers an unknown API path with 404 in the error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
