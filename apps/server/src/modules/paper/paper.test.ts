import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperSocketTests } from '../../test/paper-socket.js';
import { buildApp } from '../../app.js';
import { authed, register } from '../../test/api.js';
import { createTestContext, describeEachDatabase } from '../../test/helper.js';

describeEachDatabase('the mounted paper exchange', (ctx) => {
  it('keeps paper accounts in the database across a restart', async () => {
    const user = await register(ctx.app);
    const connected = await authed(ctx.app, user.token, 'POST', '/api/users/exchanges', {
      exchangeId: 'hyperliquid',
      network: 'paper',
    });
    expect(connected.statusCode).toBe(201);
    const placed = await authed(ctx.app, user.token, 'POST', '/api/exchange/order', {
      symbol: 'ETH',
      side: 'sell',
      size: 0.01,
      orderType: 'market',
    });
    expect(placed.statusCode, placed.body).toBe(201);

    // A second app on the same database: what a restart of the server sees.
    const restarted = await buildApp(ctx.config, {
      database: ctx.database,
      appSecret: 'test-secret-that-is-long-enough-0123456789',
      mailer: ctx.mailer,
    });
    try {
      const positions = await authed(restarted, user.token, 'GET', '/api/exchange/positions');
      expect(positions.json().data).toEqual([
        expect.objectContaining({ symbol: 'ETH-USD', side: 'short', size: 0.01 }),
      ]);
    } finally {
      await restarted.close();
    }
  });

  it('answers Hyperliquid clients at /paper, and funds an address once', async () => {
    const user = `0x${'ab'.repeat(20)}`;
    const first = await ctx.app.inject({ method: 'POST', url: '/paper/faucet', payload: { user } });
    expect(first.statusCode).toBe(200);
    const state = await ctx.app.inject({
      method: 'POST',
      url: '/paper/info',
      payload: { type: 'clearinghouseState', user },
    });
    expect(state.json().marginSummary.accountValue).toMatch(/^10000(\.0+)?$/);
  });

  it('has no control route without PAPER_CONTROL', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/paper/control/mark',
      payload: { coin: 'ETH', px: 1000 },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('with PAPER_CONTROL=true', () => {
  let made: Awaited<ReturnType<typeof createTestContext>>;
  let admin: Awaited<ReturnType<typeof register>>;
  let trader: Awaited<ReturnType<typeof register>>;
  beforeAll(async () => {
    made = await createTestContext('pglite', { PAPER_CONTROL: 'true' });
    admin = await register(made.ctx.app);
    trader = await register(made.ctx.app);
    expect([admin.isAdmin, trader.isAdmin]).toEqual([true, false]);
  });
  afterAll(() => made?.close());

  const btcMark = async () => {
    const res = await made.ctx.app.inject({
      method: 'POST',
      url: '/paper/info',
      payload: { type: 'metaAndAssetCtxs' },
    });
    return res.json()[1][0].markPx as string;
  };
  const control = (payload: object, headers: Record<string, string> = {}) =>
    made.ctx.app.inject({ method: 'POST', url: '/paper/control/mark', payload, headers });
  const asAdmin = () => ({ authorization: `Bearer ${admin.token}` });

  it('pins and releases a mark at /paper/control/mark; 400 on a bad body', async () => {
    const before = await btcMark();
    expect(before).not.toBe('50000');
    expect((await control({ coin: 'BTC', px: 'high' }, asAdmin())).statusCode).toBe(400);
    const pinned = await control({ coin: 'BTC', px: 50_000 }, asAdmin());
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json()).toEqual({ status: 'ok', coin: 'BTC', px: 50_000 });
    expect(await btcMark()).toBe('50000');
    expect((await control({ coin: 'BTC', px: null }, asAdmin())).statusCode).toBe(200);
    expect(await btcMark()).not.toBe('50000');
  });

  /**
   * Issue 29 (finding 7): an anonymous text/plain POST (a cross-site form) moved every paper
   * account's mark, and another user's trade closed at -$976.86. Now: an admin's session and a
   * JSON body, or nothing moves.
   */
  it.each([
    ['anyone signed out', {}, 401],
    ['a cross-site form, signed out', { 'content-type': 'text/plain' }, 401],
    ['a trader who is not an admin', 'trader', 403],
    ['an admin, but as a text/plain form', 'admin-form', 415],
  ] as const)('refuses %s, and the mark stays', async (_name, who, status) => {
    const before = await btcMark();
    const headers =
      who === 'trader'
        ? { authorization: `Bearer ${trader.token}` }
        : who === 'admin-form'
          ? { ...asAdmin(), 'content-type': 'text/plain' }
          : who;
    const res = await made.ctx.app.inject({
      method: 'POST',
      url: '/paper/control/mark',
      headers,
      payload: JSON.stringify({ coin: 'BTC', px: 1 }),
    });
    expect(res.statusCode, res.body).toBe(status);
    expect(await btcMark()).toBe(before);
  });

  // The same app, listening: /paper/ws (test/paper-socket.ts).
  paperSocketTests(
    () => made.ctx.app,
    () => admin.token,
  );
});

describe('with PAPER_EXCHANGE=false', () => {
  let close: () => Promise<void> = async () => undefined;
  afterAll(() => close());

  it('mounts no paper exchange and refuses paper connections', async () => {
    const made = await createTestContext('pglite', {
      PAPER_EXCHANGE: 'false',
      HYPERLIQUID_MAINNET_URL: 'http://127.0.0.1:9',
    });
    close = made.close;
    const { app } = made.ctx;
    expect((await app.inject({ method: 'POST', url: '/paper/info', payload: {} })).statusCode).toBe(
      404,
    );
    const user = await register(app);
    const res = await authed(app, user.token, 'POST', '/api/users/exchanges', {
      exchangeId: 'hyperliquid',
      network: 'paper',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'network',
      message: 'The paper exchange is turned off on this server (PAPER_EXCHANGE=false)',
    });
    const market = await app.inject({ method: 'GET', url: '/api/exchange/markets' });
    expect(market.statusCode).toBe(502);
    expect(market.json().error.message).toMatch(/^Failed to fetch markets: /);
  });
});
