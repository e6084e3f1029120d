import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { emailTokens, sessions, users } from '../db/schema/index.js';
import { someIp } from './api.js';
import { nastyText } from './fuzz-routes.js';
import { describeEachDatabase } from './helper.js';

/** Every route that takes input in this scope, with its method. */
const ROUTES: Array<{ method: 'GET' | 'POST'; url: string }> = [
  { method: 'POST', url: '/api/users/register' },
  { method: 'POST', url: '/api/users/login' },
  { method: 'POST', url: '/api/users/logout' },
  { method: 'GET', url: '/api/users/me' },
  { method: 'POST', url: '/api/auth/check-email' },
  { method: 'POST', url: '/api/auth/resend-verification' },
  { method: 'POST', url: '/api/users/reset-password-request' },
  { method: 'GET', url: '/api/auth/verify-email/{token}' },
  { method: 'POST', url: '/api/users/reset-password/{token}' },
];

/** Bodies that are wrong in the ways clients get them wrong: types, shapes, sizes, encodings. */
const badBody = fc.oneof(
  fc.anything(),
  fc.record(
    {
      username: fc.oneof(
        nastyText(),
        fc.integer(),
        fc.constant(null),
        fc.string({ minLength: 300 }),
      ),
      email: fc.oneof(
        nastyText(),
        fc.emailAddress().map((e) => `${e}\u0000`),
        fc.emailAddress().map((e) => `${e}@`),
        fc.constant([]),
      ),
      password: fc.oneof(
        fc.string({ maxLength: 5 }),
        fc.double(),
        fc.string({ minLength: 200, maxLength: 400 }),
      ),
    },
    { requiredKeys: [] },
  ),
);
const badToken = fc.oneof(
  fc.string(),
  fc.string({ minLength: 250, maxLength: 300 }),
  fc.constant('..%2F..'),
);

describeEachDatabase('fuzzing the auth routes', (ctx) => {
  const tableCounts = async () => {
    const db = ctx.database.db;
    const [u] = await db.select({ n: count() }).from(users);
    const [s] = await db.select({ n: count() }).from(sessions);
    const [t] = await db.select({ n: count() }).from(emailTokens);
    return [u!.n, s!.n, t!.n];
  };

  it('answers generated bad input with a 4xx and a readable message, and changes nothing', async () => {
    const before = await tableCounts();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        badBody,
        badToken,
        fc.boolean(),
        async (route, body, token, raw) => {
          const url = route.url.replace('{token}', encodeURIComponent(token) || 'x');
          const payload = raw
            ? String(JSON.stringify(body) ?? '').slice(0, -1)
            : JSON.stringify(body ?? null);
          const res = await ctx.app.inject({
            method: route.method,
            url,
            remoteAddress: someIp(),
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            ...(route.method === 'POST' ? { payload } : {}),
          });
          expect(res.statusCode, `${route.method} ${url} ${payload}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          const error = res.json().error;
          expect(typeof error.message).toBe('string');
          expect(error.message.length).toBeGreaterThan(0);
          expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
        },
      ),
      { numRuns: 600 },
    );
    expect(await tableCounts()).toEqual(before);
  });
});
