import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/helper.js';
import {
  FAUCET_ACCOUNTS_PER_DAY,
  IN_FLIGHT_PER_CLIENT,
  REQUESTS_PER_MINUTE,
  WAITING_PER_CLIENT,
} from './paper.routes.js';

const newAddress = () => `0x${randomBytes(20).toString('hex')}`;

describeEachDatabase('the paper faucet, per client address', (ctx) => {
  const faucet = (user: string, remoteAddress = '10.1.1.1') =>
    ctx.app.inject({ method: 'POST', url: '/paper/faucet', payload: { user }, remoteAddress });

  it(`funds ${FAUCET_ACCOUNTS_PER_DAY} new accounts a day, then answers 429 until the next day`, async () => {
    ctx.clock.set('2026-03-10T08:00:00Z');
    for (let k = 0; k < FAUCET_ACCOUNTS_PER_DAY; k += 1) {
      const res = await faucet(newAddress());
      expect(res.json()).toEqual({ status: 'ok', response: { type: 'default' } });
      // Past the per-minute limit on faucet calls: only the daily cap counts here.
      ctx.clock.advance(60_000);
    }
    const over = await faucet(newAddress());
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: `Your network address has funded ${FAUCET_ACCOUNTS_PER_DAY} paper accounts today, the most allowed. Please try again tomorrow.`,
    });
    expect((await faucet(newAddress(), '10.2.2.2')).statusCode).toBe(200);
    ctx.clock.advance(86_400_000);
    expect((await faucet(newAddress())).json()).toMatchObject({ status: 'ok' });
  });

  it('counts every address of one IPv6 /64 as one client', async () => {
    ctx.clock.set('2026-06-10T08:00:00Z');
    for (let k = 0; k < FAUCET_ACCOUNTS_PER_DAY; k += 1) {
      expect((await faucet(newAddress(), `2001:db8:5:6::${k + 1}`)).statusCode).toBe(200);
      ctx.clock.advance(60_000);
    }
    expect((await faucet(newAddress(), '2001:db8:5:6:ffff::9')).statusCode).toBe(429);
    expect((await faucet(newAddress(), '2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it('does not count refusals: an address funded before, or not an address', async () => {
    ctx.clock.set('2026-04-10T08:00:00Z');
    const funded = newAddress();
    expect((await faucet(funded, '10.3.3.3')).statusCode).toBe(200);
    for (let k = 0; k < FAUCET_ACCOUNTS_PER_DAY; k += 1) {
      ctx.clock.advance(60_000);
      expect((await faucet(funded, '10.3.3.3')).json()).toMatchObject({ status: 'err' });
      expect((await faucet('0x1234', '10.3.3.3')).statusCode).toBe(400);
    }
    for (let k = 1; k < FAUCET_ACCOUNTS_PER_DAY; k += 1) {
      ctx.clock.advance(60_000);
      expect((await faucet(newAddress(), '10.3.3.3')).statusCode).toBe(200);
    }
    expect((await faucet(newAddress(), '10.3.3.3')).statusCode).toBe(429);
  });
});

describeEachDatabase('the paper exchange, per client address at once', (ctx) => {
  it(`works on ${IN_FLIGHT_PER_CLIENT} requests of a client at a time, queues ${WAITING_PER_CLIENT}, refuses more`, async () => {
    const total = IN_FLIGHT_PER_CLIENT + WAITING_PER_CLIENT + 5;
    const info = (remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/paper/info',
        payload: { type: 'clearinghouseState', user: newAddress() },
        remoteAddress,
      });
    const answers = await Promise.all(Array.from({ length: total }, () => info('10.9.9.9')));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(total - 5);
    expect(codes.filter((code) => code === 429)).toHaveLength(5);
    expect(answers.find((res) => res.statusCode === 429)!.json().error.message).toBe(
      `Too many requests to the paper exchange at once from your address (${IN_FLIGHT_PER_CLIENT} are worked on, ${WAITING_PER_CLIENT} wait). Please wait for your earlier requests.`,
    );
    // Its turns were all given back, and other addresses were never affected.
    expect((await info('10.9.9.9')).statusCode).toBe(200);
    expect((await info('10.8.8.8')).statusCode).toBe(200);
  });
});

describeEachDatabase('the paper exchange request weight', (ctx) => {
  it('counts an /exchange batch of n orders or cancels as 1 + n/40 requests, like Hyperliquid', async () => {
    ctx.clock.set('2026-05-10T08:00:00Z');
    const cancels = Array.from({ length: 80 }, (_, o) => ({ a: 0, o }));
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/paper/exchange',
        payload: { action: { type: 'cancel', cancels }, nonce: 1 },
        remoteAddress: '10.7.7.7',
      });
    for (let k = 0; k < REQUESTS_PER_MINUTE / 3; k += 1) {
      expect((await send()).statusCode).toBe(422);
    }
    expect((await send()).statusCode).toBe(429);
    ctx.clock.advance(60_000);
    expect((await send()).statusCode).toBe(422);
  });
});
