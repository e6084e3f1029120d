import { afterEach, describe, expect, it } from 'vitest';
import { Broadcast } from './broadcast.js';
import { RedisLink } from './redis-link.js';
import { eventually, OwnRedisServer, TEST_REDIS_URL, testKeyPrefix } from './redis-testing.js';

const opened: { link: RedisLink; broadcast: Broadcast }[] = [];
afterEach(async () => {
  for (const { link, broadcast } of opened.splice(0)) {
    await broadcast.close();
    await link.close();
  }
});

function instance(url: string | undefined, keyPrefix: string) {
  const link = new RedisLink(url, { keyPrefix });
  const broadcast = new Broadcast(link, { keyPrefix });
  opened.push({ link, broadcast });
  return { link, broadcast };
}

describe('Broadcast', () => {
  it('delivers in process at once without Redis', async () => {
    const { broadcast } = instance(undefined, 'unused:');
    const heard: string[] = [];
    broadcast.subscribe('news', (m) => heard.push(m));
    await broadcast.publish('news', 'one');
    expect(heard).toEqual(['one']);
  });

  it('reaches every instance on one Redis once, and only on its channel and prefix', async () => {
    const prefix = testKeyPrefix();
    const a = instance(TEST_REDIS_URL, prefix);
    const b = instance(TEST_REDIS_URL, prefix);
    const other = instance(TEST_REDIS_URL, testKeyPrefix());
    const heard = { a: [] as string[], b: [] as string[], other: [] as string[] };
    a.broadcast.subscribe('news', (m) => heard.a.push(m));
    b.broadcast.subscribe('news', (m) => heard.b.push(m));
    b.broadcast.subscribe('sports', (m) => heard.b.push(`sports ${m}`));
    other.broadcast.subscribe('news', (m) => heard.other.push(m));
    await eventually(async () => a.link.ready && b.link.ready, 'both connected');
    // Subscriptions are sent asynchronously: publish until B hears the first message.
    await eventually(async () => {
      await a.broadcast.publish('news', 'ping');
      return heard.b.includes('ping');
    }, 'B subscribed');
    // The last pings may still be on their way.
    await new Promise((resolve) => setTimeout(resolve, 150));
    heard.a.length = 0;
    heard.b.length = 0;

    await a.broadcast.publish('news', 'hello');
    await eventually(async () => heard.b.includes('hello'), 'B heard hello');
    // A heard its own message once, in process, not again from Redis.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.a).toEqual(['hello']);
    expect(heard.b).toEqual(['hello']);
    expect(heard.other).toEqual([]);
  });

  it('an instance started while Redis was down hears messages once it is up, and resyncs after a loss', async () => {
    const server = await OwnRedisServer.start();
    try {
      await server.stop();
      const prefix = testKeyPrefix();
      const a = instance(server.url, prefix);
      const heard: string[] = [];
      let resyncs = 0;
      a.broadcast.subscribe('sessions', (m) => heard.push(m));
      a.broadcast.onResync(() => (resyncs += 1));
      await new Promise((resolve) => setTimeout(resolve, 300));

      await server.start();
      const b = instance(server.url, prefix);
      await eventually(async () => a.link.ready && b.link.ready, 'both connected');
      await eventually(
        async () => {
          await b.broadcast.publish('sessions', 'revoked');
          return heard.includes('revoked');
        },
        'A subscribed after Redis came up',
        5_000,
      );
      expect(resyncs).toBe(0);

      // Redis lost and back: A subscribes again and drops what messages kept fresh.
      await server.stop();
      await server.start();
      await eventually(async () => resyncs >= 1, 'A resynced', 5_000);
      heard.length = 0;
      await eventually(
        async () => {
          await b.broadcast.publish('sessions', 'again');
          return heard.includes('again');
        },
        'A subscribed after the restart',
        5_000,
      );
    } finally {
      await server.stop();
    }
  }, 30_000);
});
