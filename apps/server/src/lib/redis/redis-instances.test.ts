import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, newUser, register, someIp } from '../../test/api.js';
import { DATABASES } from '../../test/helper.js';
import { health, twoInstances } from '../../test/instances.js';
import { webhookReceiver } from '../../test/local-servers.js';
import { eventually, OwnRedisServer, TEST_REDIS_URL } from './redis-testing.js';

const wrongLogin = (app: FastifyInstance, username: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { username, password: 'wrong-pass' },
    remoteAddress: ip,
  });

/** Five failures from one address, alternating instances (all 401). */
const failFiveTimes = async (apps: FastifyInstance[], username: string, ip: string) => {
  const codes = [];
  for (let i = 0; i < 5; i += 1) {
    codes.push((await wrongLogin(apps[i % apps.length]!, username, ip)).statusCode);
  }
  expect(codes).toEqual([401, 401, 401, 401, 401]);
};

for (const kind of DATABASES) {
  describe(`two instances sharing one Redis [${kind}]`, () => {
    let a: FastifyInstance;
    let b: FastifyInstance;
    let close: () => Promise<void> = async () => undefined;
    let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
    beforeAll(async () => {
      receiver = await webhookReceiver();
      ({ a, b, close } = await twoInstances(kind, TEST_REDIS_URL, {
        SIGNAL_TEST_ORIGINS: receiver.origin,
        // A ranking is kept a minute: only the broadcast can make a change show sooner.
        LEADERBOARD_CACHE_MS: '60000',
      }));
      await eventually(async () => (await health(a)).redis === 'ok', 'instance a on Redis');
      await eventually(async () => (await health(b)).redis === 'ok', 'instance b on Redis');
    });
    afterAll(async () => {
      await close();
      await receiver.close();
    });

    it('answers health ok with Redis on both', async () => {
      expect(await health(a)).toMatchObject({ status: 'ok', redis: 'ok' });
      expect(await health(b)).toMatchObject({ status: 'ok', redis: 'ok' });
      expect(await health(a)).not.toHaveProperty('reason');
    });

    it("counts one account's failed sign-ins on both: the 6th waits wherever it lands", async () => {
      const user = await register(a);
      const ip = someIp();
      await failFiveTimes([a, b], user.username, ip);
      // Each instance saw fewer than five: only a shared count makes the next one wait.
      for (const app of [b, a]) {
        const res = await wrongLogin(app, user.username, ip);
        expect(res.statusCode).toBe(429);
        expect(res.headers['retry-after']).toBe('1');
      }
    });

    it("spends one address's route limit on both: the 21st sign-in a minute is refused", async () => {
      const ip = someIp();
      const codes = [];
      for (let i = 0; i < 21; i += 1) {
        codes.push((await wrongLogin(i % 2 ? b : a, newUser('probe').username, ip)).statusCode);
      }
      expect(codes).toEqual([...Array(20).fill(401), 429]);
    });

    it("throttles one user's signals on both: a test signal right after one is refused", async () => {
      const user = await register(a);
      const saved = await authed(a, user.token, 'PUT', '/api/signals/settings', {
        webhookUrl: receiver.url('/shared'),
        active: true,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await authed(a, user.token, 'POST', '/api/signals/test')).statusCode).toBe(200);
      const again = await authed(b, user.token, 'POST', '/api/signals/test');
      expect(again.statusCode).toBe(429);
      expect(again.json().error.message).toMatch(/Try again in [1-5] s\.$/);
      expect(receiver.received.filter((m) => m.path === '/shared')).toHaveLength(1);
    });

    it('drops the leaderboard on every instance when a trader leaves it on one', async () => {
      const user = await register(a);
      const opened = await authed(a, user.token, 'POST', '/api/trades', {
        pair: 'BTCUSDT',
        isLong: true,
        stopLoss: 90,
        entryPrice: 100,
        takeProfit: 120,
      });
      expect(opened.statusCode, opened.body).toBe(201);
      const won = await authed(a, user.token, 'PUT', `/api/trades/${opened.json().id}/status`, {
        status: 'TARGET_HIT',
      });
      expect(won.statusCode, won.body).toBe(200);
      const show = (on: boolean) =>
        authed(a, user.token, 'PUT', '/api/users/leaderboard', { showOnLeaderboard: on });
      const onBoard = async (app: FastifyInstance) =>
        JSON.stringify(
          (await app.inject({ method: 'GET', url: '/api/leaderboard?verified=false' })).json(),
        ).includes(`"${user.username}"`);

      // Joining on A drops B's ranking too; B then keeps the new one for a minute.
      expect((await show(true)).statusCode).toBe(200);
      await eventually(() => onBoard(b), 'the trader on B', 2_000);
      expect((await show(false)).statusCode).toBe(200);
      await eventually(async () => !(await onBoard(b)), 'the trader gone from B', 2_000);
      expect(await onBoard(a)).toBe(false);
    });

    it('spends the paper faucet limit on both: the 11th call a minute is refused', async () => {
      const ip = someIp();
      const codes = [];
      for (let i = 0; i < 11; i += 1) {
        const app = i % 2 ? b : a;
        const res = await app.inject({
          method: 'POST',
          url: '/paper/faucet',
          payload: { user: 'not-an-address' },
          remoteAddress: ip,
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 10)).not.toContain(429);
      expect(codes[10]).toBe(429);
    });
  });

  describe(`Redis stopped mid-run and started again [${kind}]`, () => {
    let server: OwnRedisServer;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let close: () => Promise<void> = async () => undefined;
    beforeAll(async () => {
      server = await OwnRedisServer.start();
      ({ a, b, close } = await twoInstances(kind, server.url));
      await eventually(async () => (await health(a)).redis === 'ok', 'instance a on Redis');
      await eventually(async () => (await health(b)).redis === 'ok', 'instance b on Redis');
    });
    afterAll(async () => {
      await close();
      await server.stop();
    });

    it('keeps serving with limits per instance, says degraded, and shares again when Redis is back', async () => {
      const user = await register(a);
      await failFiveTimes([a, b], user.username, someIp());

      await server.stop();
      await eventually(async () => (await health(a)).status === 'degraded', 'a degraded');
      expect(await health(b)).toMatchObject({
        status: 'degraded',
        redis: 'down',
        reason: expect.stringMatching(/^Redis cannot be reached/),
      });
      // Served, never failed: each instance counts on its own from here.
      const ip = someIp();
      await failFiveTimes([a], user.username, ip);
      expect((await wrongLogin(a, user.username, ip)).statusCode).toBe(429);
      expect((await wrongLogin(b, user.username, ip)).statusCode).toBe(401);
      // The route limit too: 20 sign-ins a minute from one address, counted by each instance.
      const busy = someIp();
      const codes = [];
      for (let i = 0; i < 20; i += 1) {
        codes.push((await wrongLogin(a, newUser('probe').username, busy)).statusCode);
      }
      expect(codes).toEqual(Array(20).fill(401));
      expect((await wrongLogin(a, newUser('probe').username, busy)).statusCode).toBe(429);
      expect((await wrongLogin(b, newUser('probe').username, busy)).statusCode).toBe(401);
      // The right password still signs in.
      const ok = await a.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { username: user.username, password: user.password },
        remoteAddress: someIp(),
      });
      expect(ok.statusCode).toBe(200);

      await server.start();
      await eventually(async () => (await health(a)).status === 'ok', 'a back on Redis', 15_000);
      await eventually(async () => (await health(b)).status === 'ok', 'b back on Redis', 15_000);
      expect(await health(a)).toMatchObject({ status: 'ok', redis: 'ok' });
      // Shared again, with no restart.
      const again = someIp();
      await failFiveTimes([a, b], user.username, again);
      expect((await wrongLogin(b, user.username, again)).statusCode).toBe(429);
    });
  });
}
