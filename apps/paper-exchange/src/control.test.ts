import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { paperExchangeRoutes, type ControlGuard } from './http.js';
import { openTestExchange } from './test/harness.js';

async function buildApp(control?: boolean | ControlGuard) {
  const { exchange } = await openTestExchange();
  const app = Fastify();
  await app.register(paperExchangeRoutes, {
    exchange,
    prefix: '/paper',
    ...(control === undefined ? {} : { control }),
  });
  return app;
}

async function ethMark(app: Awaited<ReturnType<typeof buildApp>>) {
  const res = await app.inject({
    method: 'POST',
    url: '/paper/info',
    payload: { type: 'metaAndAssetCtxs' },
  });
  return (res.json() as [unknown, { markPx: string }[]])[1][1]?.markPx;
}

describe('POST /paper/control/mark', () => {
  it('does not exist without control (404)', async () => {
    for (const app of [await buildApp(), await buildApp(false)]) {
      const res = await app.inject({
        method: 'POST',
        url: '/paper/control/mark',
        payload: { coin: 'ETH', px: 1000 },
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it.each([
    ['no body', undefined],
    ['an unknown coin', { coin: 'NOPE', px: 1000 }],
    ['a zero price', { coin: 'ETH', px: 0 }],
    ['a negative price', { coin: 'ETH', px: -5 }],
    ['a price as text', { coin: 'ETH', px: '1000' }],
    ['no price', { coin: 'ETH' }],
  ])('answers 400 for %s', async (_name, payload) => {
    const app = await buildApp(true);
    const res = await app.inject({
      method: 'POST',
      url: '/paper/control/mark',
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'err', response: expect.any(String) });
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
  ])(
    'refuses a body sent as %s (a cross-site form) with 415, pinning nothing',
    async (_n, type) => {
      const app = await buildApp(true);
      const before = await ethMark(app);
      const res = await app.inject({
        method: 'POST',
        url: '/paper/control/mark',
        headers: { 'content-type': type },
        payload: JSON.stringify({ coin: 'ETH', px: 1234.5 }),
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        status: 'err',
        response: expect.stringContaining('JSON'),
      });
      expect(await ethMark(app)).toBe(before);
    },
  );

  it('runs a guard first: a refusal pins nothing', async () => {
    const app = await buildApp(async () => {
      throw Object.assign(new Error('admins only'), { statusCode: 403 });
    });
    const before = await ethMark(app);
    const res = await app.inject({
      method: 'POST',
      url: '/paper/control/mark',
      payload: { coin: 'ETH', px: 1234.5 },
    });
    expect(res.statusCode).toBe(403);
    expect(await ethMark(app)).toBe(before);
  });

  it('pins a mark, which the market data shows, until released', async () => {
    const app = await buildApp(true);
    const before = await ethMark(app);
    expect(before).not.toBe('1234.5');
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/paper/control/mark', payload });
    const pinned = await post({ coin: 'ETH', px: 1234.5 });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json()).toEqual({ status: 'ok', coin: 'ETH', px: 1234.5 });
    expect(await ethMark(app)).toBe('1234.5');
    const book = await app.inject({
      method: 'POST',
      url: '/paper/info',
      payload: { type: 'l2Book', coin: 'ETH' },
    });
    const levels = (book.json() as { levels: { px: string }[][] }).levels;
    expect([levels[0]?.[0]?.px, levels[1]?.[0]?.px]).toEqual(['1234.4', '1234.6']);
    const released = await post({ coin: 'ETH', px: null });
    expect(released.json()).toEqual({ status: 'ok', coin: 'ETH', px: null });
    expect(await ethMark(app)).toBe(before);
  });
});
