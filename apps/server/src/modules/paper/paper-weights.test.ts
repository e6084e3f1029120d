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

  it('charges a candleSnapshot 1 more per 60 candles it returned, and returns at most 5,000', async () => {
    ctx.clock.set('2026-07-10T09:00:00Z');
    const nowMs = ctx.clock.now().getTime();
    // 120 one-minute candles weigh 20 + 2: 54 fit in 1,200 (53 × 22 + 20 ≤ 1,200 < 54 × 22 + 20).
    const twoHours = {
      type: 'candleSnapshot',
      req: { coin: 'BTC', interval: '1m', startTime: nowMs - 119 * 60_000, endTime: nowMs },
    };
    for (let k = 0; k < 54; k += 1) {
      const res = await info(twoHours, '10.20.31.1');
      expect(res.statusCode, `request ${k + 1}: ${res.body}`).toBe(200);
      expect(res.json()).toHaveLength(120);
    }
    expect((await info(twoHours, '10.20.31.1')).statusCode).toBe(429);

    // Ten days of minutes: Hyperliquid's most recent 5,000, weighing 20 + 83.
    const tenDays = {
      type: 'candleSnapshot',
      req: { coin: 'BTC', interval: '1m', startTime: nowMs - 10 * 1440 * 60_000 },
    };
    const most = await info(tenDays, '10.20.31.2');
    expect(most.statusCode).toBe(200);
    const candles = most.json() as { t: number }[];
    expect(candles).toHaveLength(5_000);
    expect(candles.at(-1)!.t).toBe(nowMs);
    // userRole weighs 60: 18 more fit (103 + 17 × 60 + 60 ≤ 1,200 < 103 + 18 × 60 + 60).
    const role = { type: 'userRole', user: '0x' + '2'.repeat(40) };
    for (let k = 0; k < 18; k += 1) {
      expect((await info(role, '10.20.31.2')).statusCode, `userRole ${k + 1}`).toBe(200);
    }
    expect((await info(role, '10.20.31.2')).statusCode).toBe(429);
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
