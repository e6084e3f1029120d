import { beforeAll, expect, it } from 'vitest';
import { addPlan, bearer, createTrade, login, newUser, register, type Method } from './api.js';
import type { OpenApiDocument } from './fuzz-strings.js';
import { describeEachDatabase, type TestContext } from './helper.js';

/** Ids of the resources a body-less route acts on, made fresh for each way of sending. */
interface Fixture {
  me: string;
  trade: string;
  key: string;
  connection: string;
  other: string;
  /** Another session of `me` (signed in a second time). */
  session: string;
}

interface BodylessRoute {
  route: string;
  url: (f: Fixture) => string;
  /** The answer with `content-type: application/json` and no body: the route's own. */
  status: number;
  /** Called by the admin (else by a signed-in user). */
  admin?: boolean;
}

const route = (
  route: string,
  url: string | ((f: Fixture) => string),
  status: number,
  admin = false,
): BodylessRoute => ({ route, url: typeof url === 'string' ? () => url : url, status, admin });

/**
 * Every route that changes something without taking a body, in an order where each does its
 * work (logout last: it ends the session the others use).
 */
const BODYLESS: BodylessRoute[] = [
  route('POST /api/risk-management/reset-sl', '/api/risk-management/reset-sl', 200),
  route('POST /api/risk-management/reset-stats', '/api/risk-management/reset-stats', 200),
  // A journal trade not placed on the exchange: the routes' own 409, after reading no body.
  route('POST /api/trades/{id}/cancel-entry', (f) => `/api/trades/${f.trade}/cancel-entry`, 409),
  route('POST /api/trades/{id}/close-market', (f) => `/api/trades/${f.trade}/close-market`, 409),
  // Still OPEN: hiding is refused (an open trade stays listed), after reading no body.
  route('POST /api/trades/{id}/hide', (f) => `/api/trades/${f.trade}/hide`, 409),
  route('DELETE /api/trades/{id}', (f) => `/api/trades/${f.trade}`, 204),
  route('POST /api/trades/clear-history', '/api/trades/clear-history', 200),
  route(
    'DELETE /api/exchange/order/{id}',
    (f) => `/api/exchange/order/1?assetId=0&connectionId=${f.connection}`,
    422,
  ),
  route(
    'POST /api/exchange/positions/close-all',
    (f) => `/api/exchange/positions/close-all?connectionId=${f.connection}`,
    200,
  ),
  route(
    'POST /api/exchange/positions/{symbol}/close',
    (f) => `/api/exchange/positions/BTC/close?connectionId=${f.connection}`,
    200,
  ),
  route('DELETE /api/api-keys/{id}', (f) => `/api/api-keys/${f.key}`, 200),
  route('DELETE /api/users/exchanges/{id}', (f) => `/api/users/exchanges/${f.connection}`, 200),
  route('POST /api/signals/test', '/api/signals/test', 400),
  // Premium already (the plan above): the route's own refusal, after reading no body.
  route('POST /api/subscription/free-trial', '/api/subscription/free-trial', 409),
  route(
    'POST /api/users/{id}/subscription/cancel',
    (f) => `/api/users/${f.me}/subscription/cancel`,
    200,
    true,
  ),
  route('POST /api/subscription/cancel', '/api/subscription/cancel', 409),
  route('DELETE /api/users/{id}', (f) => `/api/users/${f.other}`, 204, true),
  // No such strategy: the route's own 404, after reading no body.
  route(
    'DELETE /api/admin/strategies/{id}',
    '/api/admin/strategies/00000000-0000-4000-8000-000000000000',
    404,
    true,
  ),
  // No such chat message, no running mute: the routes' own 404s, after reading no body.
  route('DELETE /api/admin/chat/messages/{id}', '/api/admin/chat/messages/999999', 404, true),
  route('DELETE /api/admin/chat/mutes/{userId}', (f) => `/api/admin/chat/mutes/${f.me}`, 404, true),
  route('DELETE /api/users/me/sessions/{id}', (f) => `/api/users/me/sessions/${f.session}`, 204),
  route('POST /api/users/me/sessions/revoke-others', '/api/users/me/sessions/revoke-others', 200),
  route('POST /api/users/logout', '/api/users/logout', 204),
];

/** The ways clients send "no body" with a JSON content type. */
const EMPTY_BODIES: Array<[string, { payload?: string; headers?: Record<string, string> }]> = [
  ['an empty body', { payload: '' }],
  ['no body at all', {}],
  ['only whitespace', { payload: ' \r\n' }],
  ['content-length 0', { payload: '', headers: { 'content-length': '0' } }],
];

/** A fresh premium user with a trade, a paper key and a paper connection; another account. */
async function fixture(ctx: TestContext, adminToken: string) {
  const me = await register(ctx.app);
  // A running plan: premium allows the two paper keys, and there is something to cancel.
  await addPlan(ctx.app, adminToken, me.id, 'quick');
  const auth = bearer(me.token);
  const paperKey = async (url: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: auth,
      payload: { exchangeId: 'hyperliquid', network: 'paper' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const trade = await createTrade(ctx.app, me.token, {
    ...{ pair: 'BTCUSDT', isLong: true, entryPrice: 100, stopLoss: 90, takeProfit: 120 },
  });
  const ids: Fixture = {
    me: me.id,
    trade: trade.id,
    key: (await paperKey('/api/api-keys')).data.id,
    connection: (await paperKey('/api/users/exchanges')).exchange.id,
    other: (await register(ctx.app)).id,
    session: await otherSession(ctx, me),
  };
  return { auth, ids };
}

/** Signs `user` in again and answers that session's id, as their session list names it. */
async function otherSession(ctx: TestContext, user: { username: string; password: string }) {
  const token = await login(ctx.app, user);
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/users/me/sessions',
    headers: bearer(token),
  });
  const sessions = res.json().data as Array<{ id: string; current: boolean }>;
  return sessions.find((s) => s.current)!.id;
}

/** The body-less write operations of the OpenAPI document, as 'METHOD /path'. */
function bodylessOperations(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method, op]) => method !== 'get' && !op.requestBody)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
}

describeEachDatabase(
  'routes without a body accept an empty JSON one (DESIGN.md section 7)',
  (ctx) => {
    let admin: { username: string; password: string };
    beforeAll(async () => {
      admin = await register(ctx.app, newUser('admin'));
    });

    it('the table names every body-less route that changes something', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
      const operations = bodylessOperations(res.json());
      expect(operations.sort()).toEqual(BODYLESS.map((r) => r.route).sort());
    });

    it.each(EMPTY_BODIES)(
      'with %s, each answers as it does, never a body error',
      async (_, send) => {
        const adminToken = await login(ctx.app, admin);
        const { auth, ids } = await fixture(ctx, adminToken);
        const answers = [];
        for (const { route, url, status, admin: byAdmin } of BODYLESS) {
          const res = await ctx.app.inject({
            method: route.split(' ')[0] as Method,
            url: url(ids),
            headers: {
              ...(byAdmin ? bearer(adminToken) : auth),
              'content-type': 'application/json',
              ...send.headers,
            },
            ...(send.payload !== undefined && { payload: send.payload }),
          });
          const body = res.statusCode === status ? '' : res.body;
          answers.push({ route, status: res.statusCode, body });
        }
        expect(answers).toEqual(BODYLESS.map(({ route, status }) => ({ route, status, body: '' })));
      },
    );
  },
);
