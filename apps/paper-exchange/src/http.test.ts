import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { paperExchangeRoutes } from './http.js';
import { openTestExchange } from './test/harness.js';

async function buildApp() {
  const { exchange } = await openTestExchange();
  const app = Fastify();
  await app.register(paperExchangeRoutes, { exchange, prefix: '/paper' });
  return app;
}

describe('paperExchangeRoutes', () => {
  it('answers /info with JSON', async () => {
    const app = await buildApp();
    const res = await app.inject({ method: 'POST', url: '/paper/info', payload: { type: 'meta' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().universe).toHaveLength(7);
  });

  it.each([
    ['not JSON', 'application/json', '{nope'],
    ['an unknown type', 'application/json', '{"type":"nope"}'],
    ['JSON as text/plain with a bad shape', 'text/plain', '[1]'],
    ['an empty body', 'application/json', ''],
  ])('answers 422 for %s', async (_name, contentType, payload) => {
    const app = await buildApp();
    const res = await app.inject({
      method: 'POST',
      url: '/paper/info',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(422);
    // Hyperliquid's bare text, not a JSON string: nothing is appended, nothing quoted.
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('Failed to deserialize the JSON body into the target type');
  });

  it('funds once through /faucet, then refuses; 400 for a bad address; 422 without a body', async () => {
    const app = await buildApp();
    const user = '0x00000000000000000000000000000000000000Cc';
    const post = (payload?: unknown) =>
      app.inject({
        method: 'POST',
        url: '/paper/faucet',
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    expect((await post({ user })).json()).toEqual({ status: 'ok', response: { type: 'default' } });
    expect((await post({ user })).json()).toEqual({
      status: 'err',
      response:
        'Address 0x00000000000000000000000000000000000000cc has already received paper USDC from the faucet.',
    });
    expect((await post({ user: '0x123' })).statusCode).toBe(400);
    expect((await post()).statusCode).toBe(422);
    const state = await app.inject({
      method: 'POST',
      url: '/paper/info',
      payload: { type: 'spotClearinghouseState', user },
    });
    expect(state.json().balances[0]).toMatchObject({ coin: 'USDC', total: '10000', hold: '0' });
  });

  it('answers an unsigned /exchange body with 422', async () => {
    const app = await buildApp();
    const res = await app.inject({
      method: 'POST',
      url: '/paper/exchange',
      payload: { action: { type: 'noop' }, nonce: 1 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('Failed to deserialize the JSON body into the target type');
  });
});
