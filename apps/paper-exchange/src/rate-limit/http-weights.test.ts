import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { paperExchangeRoutes, type PaperRoutesOptions } from '../http.js';
import { FakeClock, openTestExchange } from '../test/harness.js';

/** The paper exchange's HTTP face at /paper, its weights on the test's clock. */
async function buildApp(rateLimit?: PaperRoutesOptions['rateLimit']) {
  const clock = new FakeClock();
  const { exchange } = await openTestExchange({ clock });
  const app = Fastify();
  await app.register(paperExchangeRoutes, {
    exchange,
    prefix: '/paper',
    rateLimit: rateLimit ?? { now: clock.now },
  });
  return { app, clock };
}

/** A snapshot of `count` 1m candles up to now (both ends included): 5 weigh 20, 100 weigh 21. */
const candles = (clock: FakeClock, count: number) => ({
  type: 'candleSnapshot',
  req: {
    coin: 'BTC',
    interval: '1m',
    startTime: clock.ms - (count - 1) * 60_000,
    endTime: clock.ms,
  },
});

describe("the paper exchange's per-IP weights over HTTP", () => {
  it('answers a burst of candleSnapshot past 1,200 weight with 429, while other IPs are served', async () => {
    const { app, clock } = await buildApp();
    const post = (payload: object, remoteAddress = '198.51.100.7', url = '/paper/info') =>
      app.inject({ method: 'POST', url, payload, remoteAddress });

    // 60 snapshots of weight 20 (5 candles add nothing) spend exactly 1,200.
    for (let k = 0; k < 60; k += 1) {
      const res = await post(candles(clock, 5));
      expect(res.statusCode, `request ${k + 1}`).toBe(200);
      expect(res.json()).toHaveLength(5);
    }
    const refused = await post(candles(clock, 5));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.body).toBe('null');
    // Even the lightest read and an action are refused to that IP for now...
    expect((await post({ type: 'allMids' })).statusCode).toBe(429);
    expect(
      (
        await post(
          { action: { type: 'cancel', cancels: [] }, nonce: 1 },
          undefined,
          '/paper/exchange',
        )
      ).statusCode,
    ).toBe(429);
    // ... while another IP is served at once.
    const other = await post(candles(clock, 5), '203.0.113.9');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toHaveLength(5);
    expect((await post({ type: 'allMids' }, '2001:db8::1')).statusCode).toBe(200);

    // A minute (and the second the budget counts in) later, the IP is served again.
    clock.advance(59_000);
    expect((await post({ type: 'allMids' })).statusCode).toBe(429);
    clock.advance(2_000);
    expect((await post(candles(clock, 5))).statusCode).toBe(200);
  });

  it('charges the candles a snapshot returns: 1 per 60, after answering', async () => {
    const { app, clock } = await buildApp();
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/paper/info', payload, remoteAddress: '198.51.100.8' });
    // 100 candles weigh 20 + 1: 57 snapshots spend 1,197, and the 58th's base weight, charged
    // before it is answered, does not fit (1,197 + 20 > 1,200).
    let served = 0;
    for (let k = 0; k < 70; k += 1) {
      const res = await post(candles(clock, 100));
      if (res.statusCode !== 200) {
        expect(res.statusCode).toBe(429);
        break;
      }
      expect(res.json()).toHaveLength(100);
      served += 1;
    }
    expect(served).toBe(57);
    // 1,197 spent: a read of weight 2 still fits, a second one not.
    expect((await post({ type: 'allMids' })).statusCode).toBe(200);
    expect((await post({ type: 'allMids' })).statusCode).toBe(429);
  });

  it('charges an /exchange batch 1 + ⌊n / 40⌋, answered or refused by the exchange', async () => {
    const { app } = await buildApp({ perMinute: 10 });
    const cancels = Array.from({ length: 80 }, (_, o) => ({ a: 0, o }));
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/paper/exchange',
        payload: { action: { type: 'cancel', cancels }, nonce: 1 },
        remoteAddress: '198.51.100.9',
      });
    // Weight 3 each (unsigned: 422, still charged): 3 fit in 10, the 4th not.
    for (let k = 0; k < 3; k += 1) expect((await send()).statusCode).toBe(422);
    expect((await send()).statusCode).toBe(429);
  });

  it('counts an IP under the key it is given (the server counts an IPv6 /64 as one client)', async () => {
    const clock = new FakeClock();
    const { exchange } = await openTestExchange({ clock });
    const app = Fastify();
    await app.register(paperExchangeRoutes, {
      exchange,
      prefix: '/paper',
      rateLimit: { now: clock.now, perMinute: 4, clientKey: (ip) => ip.split(':')[0]! },
    });
    const post = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/paper/info',
        payload: { type: 'allMids' },
        remoteAddress,
      });
    expect((await post('2001:db8::1')).statusCode).toBe(200);
    expect((await post('2001:db8::2')).statusCode).toBe(200);
    expect((await post('2001:db8::3')).statusCode).toBe(429);
  });

  it('does not charge the faucet, and charges nothing with rateLimit false', async () => {
    const { app } = await buildApp(false);
    for (let k = 0; k < 70; k += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/paper/info',
        payload: { type: 'meta' },
        remoteAddress: '198.51.100.10',
      });
      expect(res.statusCode).toBe(200);
    }
    const limited = await buildApp({ perMinute: 2 });
    for (let k = 0; k < 5; k += 1) {
      const user = `0x${String(k).padStart(40, '0')}`;
      const res = await limited.app.inject({
        method: 'POST',
        url: '/paper/faucet',
        payload: { user },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});
