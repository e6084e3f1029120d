import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { health, twoInstances } from '../../test/instances.js';
import { fakeHyperliquid } from '../../test/local-servers.js';
import { eventually, OwnRedisServer } from './redis-testing.js';

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
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    redis = await OwnRedisServer.start();
    exchange = await fakeHyperliquid();
    ({ a, b, close } = await twoInstances('pglite', redis.url, {
      HYPERLIQUID_TESTNET_URL: exchange.origin,
      MARKET_DATA_NETWORK: 'testnet',
      PAPER_EXCHANGE: 'false',
    }));
    await eventually(async () => (await health(a)).redis === 'ok', 'instance a on Redis');
    await eventually(async () => (await health(b)).redis === 'ok', 'instance b on Redis');
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
    // After it, one new request serves both again.
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect(await readPrices()).toEqual(Array(20).fill('200 65000.5'));
    expect(midsCalls()).toBe(2);
  });

  it('keeps answering with Redis down (each instance asks for itself), and shares again when it is back', async () => {
    await redis.stop();
    await eventually(async () => (await health(a)).redis === 'down', 'a sees Redis down');
    await eventually(async () => (await health(b)).redis === 'down', 'b sees Redis down');
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    exchange.state.infoCalls.length = 0;
    expect(await readPrices()).toEqual(Array(20).fill('200 65000.5'));
    expect(midsCalls()).toBe(2);

    await redis.start();
    await eventually(async () => (await health(a)).redis === 'ok', 'a back on Redis', 15_000);
    await eventually(async () => (await health(b)).redis === 'ok', 'b back on Redis', 15_000);
    // Shared again: a burst over both instances asks once. A burst may still meet a command that
    // times out on a busy machine (then that instance asks for itself, as while Redis was down),
    // so the next one, after the kept mids have expired, is given its chance too.
    await eventually(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_050));
        exchange.state.infoCalls.length = 0;
        expect(await readPrices()).toEqual(Array(20).fill('200 65000.5'));
        return midsCalls() === 1;
      },
      'one request for both instances again',
      8_000,
    );
  });
});
