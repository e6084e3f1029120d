import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, TEST_REDIS_URL } from '../../lib/redis/redis-testing.js';
import { register } from '../../test/api.js';
import { openEventStream } from '../../test/event-stream.js';
import { DATABASES } from '../../test/helper.js';
import { twoInstances } from '../../test/instances.js';
import { LONG, MARK, liveHelpers } from '../../test/live-trading.js';
import { JOURNAL_CHANGED } from './journal-events.js';
import { MAX_STREAMS_PER_USER } from './event-streams.js';

for (const kind of DATABASES) {
  describe(`GET /api/events: the journal's push [${kind}]`, () => {
    let instances: Awaited<ReturnType<typeof twoInstances>>;
    const url = { a: '', b: '' };
    const t = liveHelpers(
      () => instances.a,
      () => instances.database,
    );
    beforeAll(async () => {
      instances = await twoInstances(kind, TEST_REDIS_URL, { PAPER_CONTROL: 'true' });
      url.a = await instances.a.listen({ port: 0, host: '127.0.0.1' });
      url.b = await instances.b.listen({ port: 0, host: '127.0.0.1' });
    });
    // Streams are left open on purpose: closing the apps must end them, not wait for them.
    afterAll(() => instances.close());

    const filledLong = () => t.filledLong();

    it('answers 401 without a session, in the API error shape', async () => {
      const res = await instances.a.inject({ method: 'GET', url: '/api/events' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
      const bad = await openEventStream(url.a, 'not-a-token');
      expect(bad.res.status).toBe(401);
    });

    it('a close from fills reaches the trader on both instances, and no other trader', async () => {
      const { user, placed } = await filledLong();
      const here = await openEventStream(url.a, user.token);
      expect(here.res.status).toBe(200);
      expect(here.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(here.res.headers.get('content-encoding')).toBeNull();
      const there = await openEventStream(url.b, user.token);
      const other = await openEventStream(url.a, (await register(instances.a)).token);
      for (const stream of [here, there, other]) {
        await stream.until(() => stream.events.some((e) => e.event === 'ready'), 'ready');
      }
      // Both instances listen on Redis before the close is published.
      const redis = new Redis(TEST_REDIS_URL);
      try {
        await eventually(async () => {
          const channels = (await redis.pubsub('CHANNELS', `*${JOURNAL_CHANGED}`)) as string[];
          const counts = (await redis.pubsub('NUMSUB', ...channels)) as (string | number)[];
          return counts.some((n, i) => i % 2 === 1 && Number(n) >= 2);
        }, 'both instances subscribed');
      } finally {
        redis.disconnect();
      }

      expect(await instances.a.reconciler.runOnce()).toBeGreaterThanOrEqual(1);
      expect(await t.trade(user.token, placed.id)).toMatchObject({ status: 'TARGET_HIT' });
      await here.journalEvents(2);
      await there.journalEvents(2);
      for (const stream of [here, there]) {
        expect(stream.journal()).toEqual(
          expect.arrayContaining([{ kind: 'trades' }, { kind: 'risk' }]),
        );
      }
      // Delivered to this instance's streams in the same turn: the other trader heard nothing.
      expect(other.journal()).toEqual([]);

      // Nothing new on the exchange: a pass changes nothing and says nothing.
      const heard = here.journal().length;
      await instances.a.reconciler.syncConnection(user.id, user.connectionId);
      await instances.a.excursions.idle();
      expect(here.journal().length - heard).toBeLessThanOrEqual(1); // at most the excursions
      for (const stream of [here, there, other]) stream.close();
    });

    it('an ended session cancelling a resting entry reaches the trader', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      const resting = await t.place(user.token, LONG);
      const stream = await openEventStream(url.a, user.token);
      await stream.until(() => stream.events.some((e) => e.event === 'ready'), 'ready');
      for (let i = 0; i < 3; i++) {
        const res = await t.call(user.token, 'POST', '/api/risk-management/update', {
          status: 'STOPLOSS_HIT',
          profitLoss: -5,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      expect(stream.journal()).toEqual([]);
      await instances.a.reconciler.runOnce();
      expect((await t.call(user.token, 'GET', `/api/trades/${resting.id}`)).statusCode).toBe(404);
      await stream.journalEvents(1);
      expect(stream.journal()).toContainEqual({ kind: 'trades' });
      stream.close();
    });

    it(`takes at most ${MAX_STREAMS_PER_USER} streams of one trader, and ends them on logout`, async () => {
      const user = await register(instances.a);
      const streams = [];
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
        streams.push(await openEventStream(url.a, user.token));
      }
      expect(streams.map((s) => s.res.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
      const refused = await openEventStream(url.a, user.token);
      expect(refused.res.status).toBe(429);
      expect(((await refused.res.json()) as { error: { code: string } }).error.code).toBe(
        'RATE_LIMITED',
      );

      const out = await t.call(user.token, 'POST', '/api/users/logout');
      expect(out.statusCode, out.body).toBeLessThan(300);
      await Promise.all(streams.map((s) => s.ended()));
    });

    it('closing an app ends its open streams', async () => {
      const user = await register(instances.a);
      const stream = await openEventStream(url.b, user.token);
      await stream.until(() => stream.events.length > 0, 'ready');
      const closing = instances.b.close();
      await stream.ended();
      await closing;
    });
  });
}
