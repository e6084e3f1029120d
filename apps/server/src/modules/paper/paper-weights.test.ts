import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/helper.js';
import { REQUESTS_PER_MINUTE } from './paper.routes.js';

/** A snapshot of five 1m candles (weight 20: five items add nothing). */
const candles = (nowMs: number) => ({
  type: 'candleSnapshot',
  req: { coin: 'BTC', interval: '1m', startTime: nowMs - 4 * 60_000, endTime: nowMs },
});

describeEachDatabase("/paper: Hyperliquid's per-IP weights", (ctx) => {
  const info = (payload: object, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: '/paper/info', payload, remoteAddress });

  it('answers a burst of candleSnapshot past 1,200 weight with 429 while other IPs are served, and again a minute later', async () => {
    ctx.clock.set('2026-07-10T08:00:00Z');
    const nowMs = ctx.clock.now().getTime();
    const burst = REQUESTS_PER_MINUTE / 20;
    for (let k = 0; k < burst; k += 1) {
      const res = await info(candles(nowMs), '10.20.30.40');
      expect(res.statusCode, `request ${k + 1}: ${res.body}`).toBe(200);
    }
    const refused = await info(candles(nowMs), '10.20.30.40');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toBe('null');
    // Any other client is served meanwhile.
    expect((await info({ type: 'allMids' }, '10.20.30.41')).statusCode).toBe(200);
    const other = await info(candles(nowMs), '2001:db8:1:2::5');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toHaveLength(5);

    ctx.clock.advance(60_000);
    expect((await info(candles(nowMs), '10.20.30.40')).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one client', async () => {
    ctx.clock.set('2026-07-11T08:00:00Z');
    for (let k = 0; k < REQUESTS_PER_MINUTE / 60; k += 1) {
      const res = await info(
        { type: 'userRole', user: '0x' + '1'.repeat(40) },
        `2001:db8:9::${k + 1}`,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await info({ type: 'allMids' }, '2001:db8:9:0:ffff::1')).statusCode).toBe(429);
    expect((await info({ type: 'allMids' }, '2001:db8:a::1')).statusCode).toBe(200);
  });
});

describeEachDatabase(
  '/paper with PAPER_RATE_LIMIT=false',
  (ctx) => {
    it('counts no weight', async () => {
      ctx.clock.set('2026-07-12T08:00:00Z');
      const nowMs = ctx.clock.now().getTime();
      for (let k = 0; k < REQUESTS_PER_MINUTE / 20 + 5; k += 1) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/paper/info',
          payload: candles(nowMs),
          remoteAddress: '10.20.30.50',
        });
        expect(res.statusCode).toBe(200);
      }
    });
  },
  { env: () => ({ PAPER_RATE_LIMIT: 'false' }) },
);
