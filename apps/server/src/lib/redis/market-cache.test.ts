import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClock } from '../../test/helper.js';
import { health, twoInstances } from '../../test/instances.js';
import { fakeHyperliquid } from '../../test/local-servers.js';
import { KEPT_PAST_EXPIRY_MS, RedisMarketCache } from './market-cache.js';
import { RedisLink } from './redis-link.js';
import {
  dropKeys,
  eventually,
  OwnRedisServer,
  TEST_REDIS_URL,
  testKeyPrefix,
} from './redis-testing.js';

/**
 * The market-data cache on two instances sharing one Redis (DESIGN.md section 10): Hyperliquid
 * is asked once per key and time-to-live whichever instance users land on, and while Redis is
 * down each instance asks for itself.
 */
describe('market data shared by two instances through Redis', () => {
  let redis: OwnRedisServer;
  let exchange: Awaited<ReturnType<typeof fakeHyperliquid>>;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let clock: TestClock;
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    redis = await OwnRedisServer.start();
    exchange = await fakeHyperliquid();
    ({ a, b, close, clock } = await twoInstances('pglite', redis.url, {
      HYPERLIQUID_TESTNET_URL: exchange.origin,
      MARKET_DATA_NETWORK: 'testnet',
      PAPER_EXCHANGE: 'false',
    }));
    await eventually(async () => (await health(a)).redis === 'ok', 'instance a on Redis', 30_000);
    await eventually(async () => (await health(b)).redis === 'ok', 'instance b on Redis', 30_000);
    // The kept mids expire on the app's clock (here and in Redis), which moves only when a test
    // moves it: however long a burst takes on a busy machine, it stays within one second.
    clock.set(clock.now());
  });
  afterAll(async () => {
    await close();
    await exchange.close();
    await redis.stop();
  });

  /** 20 price reads at once, alternating instances; the prices they answered. */
  const readPrices = async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? b : a).inject({ method: 'GET', url: '/api/exchange/price/BTC' }),
      ),
    );
    return answers.map((res) => `${res.statusCode} ${(res.json() as { price?: number }).price}`);
  };
  const midsCalls = () => exchange.state.infoCalls.filter((type) => type === 'allMids').length;

  it('asks Hyperliquid once for a burst of reads spread over both instances', async () => {
    exchange.state.delayMs = 50;
    exchange.state.infoCalls.length = 0;
    expect(await readPrices()).toEqual(Array(20).fill('200 65000.5'));
    expect(midsCalls()).toBe(1);
    // Within the second the mids are kept, neither instance asks again.
    expect(await readPrices()).toEqual(Array(20).fill('200 65000.5'));
    expect(midsCalls()).toBe(1);
    clock.advance(999);
    expect(await readPrices()).toEqual(Array(20).fill('200 65000.5'));
    expect(midsCalls()).toBe(1);
    // After it, one new request serves both again.
    clock.advance(1);
    expect(await readPrices()).toEqual(Array(20).fill('200 65000.5'));
    expect(midsCalls()).toBe(2);
  });

  it('keeps answering with Redis down (each instance asks for itself), and shares again when it is back', async () => {
    await redis.stop();
    await eventually(async () => (await health(a)).redis === 'down', 'a sees Redis down', 30_000);
    await eventually(async () => (await health(b)).redis === 'down', 'b sees Redis down', 30_000);
    clock.advance(1_000);
    exchange.state.infoCalls.length = 0;
    expect(await readPrices()).toEqual(Array(20).fill('200 65000.5'));
    expect(midsCalls()).toBe(2);

    await redis.start();
    await eventually(async () => (await health(a)).redis === 'ok', 'a back on Redis', 30_000);
    await eventually(async () => (await health(b)).redis === 'ok', 'b back on Redis', 30_000);
    // Shared again: a burst over both instances asks once. A burst may still meet a command that
    // times out on a busy machine (then that instance asks for itself, as while Redis was down),
    // so the next one, after the kept mids have expired, is given its chance too.
    await eventually(
      async () => {
        clock.advance(1_000);
        exchange.state.infoCalls.length = 0;
        expect(await readPrices()).toEqual(Array(20).fill('200 65000.5'));
        return midsCalls() === 1;
      },
      'one request for both instances again',
      30_000,
    );
  });
});

describe('RedisMarketCache', () => {
  const prefix = testKeyPrefix();
  const link = new RedisLink(TEST_REDIS_URL, { keyPrefix: prefix });
  beforeAll(() => eventually(async () => link.ready, 'Redis to connect', 30_000));
  afterAll(async () => {
    await link.close();
    await dropKeys(TEST_REDIS_URL, prefix);
  });
  const storedMs = (key: string) => link.client!.pttl(`market:test:${key}`);

  it('keeps a value for its time-to-live on Redis’s own clock', async () => {
    const cache = new RedisMarketCache(link, 'test');
    await cache.write('kept', '"v"', 60_000);
    const kept = await cache.read('kept');
    expect(kept?.text).toBe('"v"');
    expect(kept?.ttlMs).toBeGreaterThan(0);
    expect(kept?.ttlMs).toBeLessThanOrEqual(60_000);
    await cache.write('short', '"v"', 20);
    await eventually(
      async () => (await cache.read('short')) === null,
      'the value to expire',
      30_000,
    );
  });

  it('with the app’s clock, keeps a value until that clock says it has expired', async () => {
    let now = 5_000;
    const cache = new RedisMarketCache(link, 'test', { now: () => now });
    await cache.write('clocked', '"v"', 1_000);
    expect(await cache.read('clocked')).toEqual({ text: '"v"', ttlMs: 1_000 });
    now += 999;
    expect(await cache.read('clocked')).toEqual({ text: '"v"', ttlMs: 1 });
    now += 1;
    expect(await cache.read('clocked')).toBeNull();
    // Redis drops it a while later, whatever the app's clock says.
    expect(await storedMs('clocked')).toBeGreaterThan(1_000);
    expect(await storedMs('clocked')).toBeLessThanOrEqual(1_000 + KEPT_PAST_EXPIRY_MS);
  });
});
