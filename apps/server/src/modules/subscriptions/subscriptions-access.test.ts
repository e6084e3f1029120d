import { adminMessages } from '@tb/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Method, bearer, register, roles } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

type Caller = 'anonymous' | 'user' | 'premium' | 'admin';
const CALLERS: readonly Caller[] = ['anonymous', 'user', 'premium', 'admin'];

interface MatrixRow {
  method: Method;
  /** `:id` is the target user of the admin routes. */
  url: string;
  body?: object;
  expected: Record<Caller, number>;
}

const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString();
const adminOnly = { anonymous: 401, user: 403, premium: 403, admin: 200 };

/**
 * Who may call what, in the order the rows run: the user has nothing to cancel, then claims
 * the free plan; the premium flag refuses it; the admin (no premium) may claim it too. The
 * admin routes run on one target: add gives it a period that set-date moves and cancel ends.
 */
const MATRIX: MatrixRow[] = [
  {
    method: 'GET',
    url: '/api/subscription',
    expected: { anonymous: 401, user: 200, premium: 200, admin: 200 },
  },
  {
    method: 'POST',
    url: '/api/subscription/cancel',
    expected: { anonymous: 401, user: 409, premium: 409, admin: 409 },
  },
  {
    method: 'POST',
    url: '/api/subscription/free-trial',
    expected: { anonymous: 401, user: 201, premium: 409, admin: 201 },
  },
  { method: 'GET', url: '/api/users/:id/subscription', expected: adminOnly },
  {
    method: 'POST',
    url: '/api/users/:id/subscription/add',
    body: { plan: 'monthly' },
    expected: adminOnly,
  },
  {
    method: 'POST',
    url: '/api/users/:id/subscription/set-date',
    body: { endDate: inTenDays },
    expected: adminOnly,
  },
  { method: 'POST', url: '/api/users/:id/subscription/cancel', expected: adminOnly },
  {
    method: 'GET',
    url: '/api/payment/links',
    expected: { anonymous: 200, user: 200, premium: 200, admin: 200 },
  },
];

const ERROR_CODES: Record<number, string> = {
  401: 'UNAUTHORIZED',
  403: 'ADMIN_REQUIRED',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
};

describeEachDatabase('subscriptions: who may call what', (ctx) => {
  const tokens = {} as Record<Caller, string | null>;
  let targetId = '';

  beforeAll(async () => {
    const who = await roles(ctx.app, ctx.database);
    Object.assign(tokens, {
      anonymous: null,
      user: who.user.token,
      premium: who.premium.token,
      admin: who.admin.token,
    });
    targetId = (await register(ctx.app)).id;
  });

  const send = (caller: Caller, method: Method, url: string, body?: object) => {
    const token = tokens[caller];
    return ctx.app.inject({
      method,
      url,
      ...(token && { headers: bearer(token) }),
      ...(body && { payload: body }),
    });
  };

  describe.each(MATRIX)('$method $url', ({ method, url, body, expected }) => {
    it.each(CALLERS)('answers %s as the matrix says', async (caller) => {
      const res = await send(caller, method, url.replace(':id', targetId), body);
      const status = expected[caller];
      expect(res.statusCode, res.body).toBe(status);
      if (status >= 400) expect(res.json().error.code).toBe(ERROR_CODES[status]);
    });
  });

  describe.each([
    ['GET', '/api/users/:id/subscription', undefined],
    ['POST', '/api/users/:id/subscription/add', { plan: 'monthly' }],
    ['POST', '/api/users/:id/subscription/set-date', { endDate: inTenDays }],
    ['POST', '/api/users/:id/subscription/cancel', undefined],
  ] as const)('%s %s on an unknown user', (method, url, body) => {
    it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '12345'])(
      'answers 404 "User not found" for %s',
      async (id) => {
        const res = await send('admin', method, url.replace(':id', id), body);
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toEqual({
          code: 'NOT_FOUND',
          message: adminMessages.userNotFound,
        });
      },
    );

    it('tells a non-admin nothing about whether the user exists (403)', async () => {
      const res = await send('user', method, url.replace(':id', 'not-a-uuid'), body);
      expect(res.statusCode).toBe(403);
    });
  });

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const routes = [
      ['get', '/api/subscription'],
      ['post', '/api/subscription/cancel'],
      ['post', '/api/subscription/free-trial'],
      ['get', '/api/users/{id}/subscription'],
      ['post', '/api/users/{id}/subscription/add'],
      ['post', '/api/users/{id}/subscription/set-date'],
      ['post', '/api/users/{id}/subscription/cancel'],
      ['get', '/api/payment/links'],
    ] as const;
    for (const [method, path] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.summary).toEqual(expect.any(String));
      expect(op.tags.length).toBeGreaterThan(0);
      if (path !== '/api/payment/links') expect(op.security).toEqual([{ bearer: [] }]);
    }
    expect(doc.paths['/api/users/{id}/subscription/add'].post.requestBody).toBeDefined();
  });
});
