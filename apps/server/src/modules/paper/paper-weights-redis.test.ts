import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { someIp } from '../../test/api.js';
import { DATABASES, type TestClock } from '../../test/helper.js';
import { health, twoInstances } from '../../test/instances.js';
import { eventually, TEST_REDIS_URL } from '../../lib/redis/redis-testing.js';
import { REQUESTS_PER_MINUTE } from './paper.routes.js';

for (const kind of DATABASES) {
  describe(`/paper weights on two instances sharing one Redis [${kind}]`, () => {
    let a: FastifyInstance;
    let b: FastifyInstance;
    let clock: TestClock;
    let close: () => Promise<void> = async () => undefined;
    beforeAll(async () => {
      ({ a, b, close, clock } = await twoInstances(kind, TEST_REDIS_URL));
      await eventually(async () => (await health(a)).redis === 'ok', 'instance a on Redis');
      await eventually(async () => (await health(b)).redis === 'ok', 'instance b on Redis');
    });
    afterAll(() => close());

    it('counts one budget per address on both: the burst past 1,200 is refused wherever it lands', async () => {
      clock.set('2026-07-20T08:00:00Z');
      const nowMs = clock.now().getTime();
      const ip = someIp();
      const snapshot = {
        type: 'candleSnapshot',
        req: { coin: 'BTC', interval: '1m', startTime: nowMs - 4 * 60_000, endTime: nowMs },
      };
      const codes: number[] = [];
      for (let i = 0; i < REQUESTS_PER_MINUTE / 20; i += 1) {
        const res = await (i % 2 ? b : a).inject({
          method: 'POST',
          url: '/paper/info',
          payload: snapshot,
          remoteAddress: ip,
        });
        codes.push(res.statusCode);
      }
      expect(codes.filter((code) => code !== 200)).toEqual([]);
      for (const app of [a, b]) {
        const res = await app.inject({
          method: 'POST',
          url: '/paper/info',
          payload: { type: 'allMids' },
          remoteAddress: ip,
        });
        expect(res.statusCode).toBe(429);
        expect(res.body).toBe('null');
      }
      clock.advance(60_000);
      const later = await b.inject({
        method: 'POST',
        url: '/paper/info',
        payload: { type: 'allMids' },
        remoteAddress: ip,
      });
      expect(later.statusCode).toBe(200);
    });
  });
}
