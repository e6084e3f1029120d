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
    const otherPrefix = testKeyPrefix();
    const a = instance(TEST_REDIS_URL, prefix);
    const b = instance(TEST_REDIS_URL, prefix);
    const other = instance(TEST_REDIS_URL, otherPrefix);
    const otherPeer = instance(TEST_REDIS_URL, otherPrefix);
    const heard = { a: [] as string[], b: [] as string[], other: [] as string[] };
    a.broadcast.subscribe('news', (m) => heard.a.push(m));
    b.broadcast.subscribe('news', (m) => heard.b.push(m));
    b.broadcast.subscribe('sports', (m) => heard.b.push(`sports ${m}`));
    other.broadcast.subscribe('news', (m) => heard.other.push(m));
    await eventually(
      async () => a.link.ready && b.link.ready && other.link.ready && otherPeer.link.ready,
      'all connected',
      30_000,
    );
    // Subscriptions are sent asynchronously: publish until B (and, under the other prefix,
    // `other`) hears the first message.
    await eventually(
      async () => {
        await a.broadcast.publish('news', 'ping');
        return heard.b.includes('ping');
      },
      'B subscribed',
      30_000,
    );
    await eventually(
      async () => {
        await otherPeer.broadcast.publish('news', 'ping');
        return heard.other.includes('ping');
      },
      'other subscribed',
      30_000,
    );
    // Redis delivers what it took in the order it took it: once B and `other` have heard
    // 'synced', sent after the pings, no ping is still on its way to them.
    await a.broadcast.publish('news', 'synced');
    await otherPeer.broadcast.publish('news', 'synced');
    await eventually(async () => heard.b.includes('synced'), 'B heard synced', 30_000);
    await eventually(async () => heard.other.includes('synced'), 'other heard synced', 30_000);
    heard.a.length = 0;
    heard.b.length = 0;
    heard.other.length = 0;

    await a.broadcast.publish('news', 'hello');
    await eventually(async () => heard.b.includes('hello'), 'B heard hello', 30_000);
    // Messages B and the other prefix send now reach A and `other` after anything Redis took
    // before them: an echo of A's own 'hello' to A, or 'hello' under the other prefix.
    await b.broadcast.publish('news', 'from B');
    await otherPeer.broadcast.publish('news', 'from the other peer');
    await eventually(async () => heard.a.includes('from B'), 'A heard B', 30_000);
    await eventually(
      async () => heard.other.includes('from the other peer'),
      'other heard its peer',
      30_000,
    );
    // A heard its own message once, in process, not again from Redis.
    expect(heard.a).toEqual(['hello', 'from B']);
    expect(heard.b).toEqual(['hello', 'from B']);
    expect(heard.other).toEqual(['from the other peer']);
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
      // A tried to connect, and was refused.
      await eventually(
        async () => /ECONNREFUSED/.test(JSON.stringify(a.link.status())),
        'A refused',
        30_000,
      );

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
