import { afterAll, describe, expect, it } from 'vitest';
import { WindowLimiter } from '../window-limiter.js';
import { RedisLink, REDIS_COMMAND_TIMEOUT_MS } from './redis-link.js';
import {
  dropKeys,
  eventually,
  OwnRedisServer,
  TEST_REDIS_URL,
  testKeyPrefix,
} from './redis-testing.js';
import { FallbackState, MemoryState, RedisState, sharedStateOf } from './shared-state.js';

const prefix = testKeyPrefix();
const links: RedisLink[] = [];
const link = (url = TEST_REDIS_URL, now?: () => number) => {
  const made = new RedisLink(url, { keyPrefix: prefix, ...(now && { now }) });
  links.push(made);
  return made;
};

/**
 * What `promise` settled with, or 'waited' if it needed the event loop first (a socket, a
 * timer): "at once" without measuring time, so it holds on a machine however slow.
 */
const withoutWaiting = <T>(promise: Promise<T>): Promise<T | 'waited'> =>
  Promise.race([promise, new Promise<'waited'>((resolve) => setImmediate(resolve, 'waited'))]);
const ready = (l: RedisLink) => eventually(async () => l.ready, 'Redis to connect');

afterAll(async () => {
  for (const l of links) await l.close();
  await dropKeys(TEST_REDIS_URL, prefix);
});

describe('RedisLink', () => {
  it('is off without REDIS_URL, ok once connected', async () => {
    expect(new RedisLink(undefined).status()).toEqual({ state: 'off' });
    const l = link();
    await ready(l);
    expect(l.status()).toEqual({ state: 'ok' });
  });

  it('is down, with the reason, when nothing answers; commands fail at once', async () => {
    const server = await OwnRedisServer.start();
    await server.stop();
    const l = link(server.url);
    await eventually(
      async () =>
        l.status().state === 'down' && !/not connected yet/.test(JSON.stringify(l.status())),
      'a connection error',
    );
    expect(l.status()).toMatchObject({
      state: 'down',
      reason: expect.stringMatching(/ECONNREFUSED/),
    });
    const get = l.client!.get('k').then(
      () => 'answered',
      () => 'refused',
    );
    expect(await withoutWaiting(get)).toBe('refused');
  });
});

describe('FallbackState', () => {
  it('is memory alone without REDIS_URL', () => {
    expect(sharedStateOf(new RedisLink(undefined))).toBeInstanceOf(MemoryState);
  });

  it('counts in memory while Redis is frozen, says so, and uses it again once it answers', async () => {
    const server = await OwnRedisServer.start();
    try {
      // The link's clock stands still: Redis is left alone after the failure below until it
      // answers the health probe, however long the test takes.
      const l = link(server.url, () => 0);
      await ready(l);
      const limiter = new WindowLimiter('frozen', 1, 60_000, new FallbackState(l));
      expect(await limiter.hit('k', 0)).toBe(true);
      server.pause();
      // The first update waits out the command time-out, then counts in memory: it is not held
      // for as long as Redis is frozen (until resumed below).
      const started = performance.now();
      expect(await limiter.hit('j', 0)).toBe(true);
      expect(performance.now() - started).toBeGreaterThanOrEqual(REDIS_COMMAND_TIMEOUT_MS - 5);
      expect(l.status()).toMatchObject({
        state: 'down',
        reason: expect.stringMatching(/^Redis does not answer/),
      });
      // The next ones do not wait for Redis at all.
      expect(await withoutWaiting(limiter.hit('j', 0))).toBe(false);
      server.resume();
      await eventually(async () => (await l.probe()).state === 'ok', 'Redis to answer again');
      // Redis again: its count of 'k' (one) is the one that counts.
      expect(await limiter.hit('k', 0)).toBe(false);
      expect(await limiter.hit('fresh', 0)).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('counts in memory while Redis is down and shares again when it is back', async () => {
    const server = await OwnRedisServer.start();
    try {
      const [a, b] = [link(server.url), link(server.url)];
      await ready(a);
      await ready(b);
      const onA = new WindowLimiter('fb', 2, 60_000, new FallbackState(a));
      const onB = new WindowLimiter('fb', 2, 60_000, new FallbackState(b));
      expect([await onA.hit('k', 0), await onB.hit('k', 0), await onA.hit('k', 0)]).toEqual([
        true,
        true,
        false,
      ]);
      await server.stop();
      await eventually(async () => !a.ready && !b.ready, 'the links to see Redis go');
      // Each instance counts on its own now: two each, never an error.
      expect([await onA.hit('k', 0), await onA.hit('k', 0), await onA.hit('k', 0)]).toEqual([
        true,
        true,
        false,
      ]);
      expect(await onB.hit('k', 0)).toBe(true);
      await server.start();
      await eventually(async () => a.ready && b.ready, 'the links to reconnect', 15_000);
      // Shared again (a fresh Redis: a fresh count), with no restart.
      expect([await onA.hit('k', 0), await onB.hit('k', 0), await onA.hit('k', 0)]).toEqual([
        true,
        true,
        false,
      ]);
    } finally {
      await server.stop();
    }
  });
});

describe('RedisState', () => {
  it('counts 300 concurrent updates of one key from one instance, each once, in Redis', async () => {
    const l = link();
    await ready(l);
    const state = new RedisState(l);
    const key = 'concurrent-counter';
    const bump = () =>
      state.update<number, number>([key], Date.now(), ([n]) => {
        const next = (n ?? 0) + 1;
        return { records: [next], expiresAt: Date.now() + 60_000, result: next };
      });
    const results = await Promise.all(Array.from({ length: 300 }, bump));
    // Past 200 lost compare-and-set rounds an update would give up; in turn, none is lost.
    expect(new Set(results).size).toBe(300);
    expect(Math.max(...results)).toBe(300);
    expect(await l.client!.get(key)).toBe('300');
  });
});
