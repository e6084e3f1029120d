import { afterEach, describe, expect, it } from 'vitest';
import { openPaperExchange } from '../paper-exchange.js';
import { FakeUpstream, recordingLog } from '../test/fake-upstream.js';
import { exchangeClient, FakeClock, fund, infoClient, T0 } from '../test/harness.js';
import { addressOf, randomKey } from '../test/wallet.js';
import { PERP_ASSETS } from './assets.js';
import { MarkPins } from './pins.js';
import { midPriceAt } from './price-path.js';
import type { MarketSource, PaperPricesMode } from './source.js';

/**
 * PAPER_PRICES (issue 27, DESIGN.md section 12): the paper market follows a fake mainnet on
 * 127.0.0.1, falls back to the seeded path continuing from its last price when it stops, and
 * follows it again when it answers, without a restart. Polls are made by hand (autoPoll off)
 * on a fake clock, except where the timers themselves are tested.
 */

const SEED = 7;
const BTC = PERP_ASSETS[0]!;
const MINUTE = 60_000;

const upstreams: FakeUpstream[] = [];
const closers: Array<() => void> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) close();
  await Promise.all(upstreams.splice(0).map((u) => u.stop()));
});

async function fakeMainnet(): Promise<FakeUpstream> {
  const upstream = await new FakeUpstream().start();
  upstream.mids = { BTC: '65000.5', ETH: '3100.25', '@1': '1.0001' };
  upstreams.push(upstream);
  return upstream;
}

async function following(mode: PaperPricesMode = 'auto', autoPoll = false) {
  const upstream = await fakeMainnet();
  const clock = new FakeClock();
  const pins = new MarkPins();
  const { lines, log } = recordingLog();
  const exchange = await openPaperExchange({
    now: clock.now,
    seed: SEED,
    pins,
    prices: { mode, url: upstream.url, autoPoll, log },
  });
  closers.push(() => exchange.close?.());
  const source = pins.source as MarketSource;
  const info = infoClient(exchange);
  /** What a paper exchange on the seeded path alone answers at the same time. */
  const synthetic = await openPaperExchange({ now: clock.now, seed: SEED });
  const key = randomKey();
  const user = addressOf(key);
  await fund(exchange, user);
  const client = exchangeClient(exchange, key, clock);
  return { upstream, clock, pins, exchange, source, info, synthetic, lines, user, client };
}

async function mids(exchange: { info(body: unknown): Promise<{ body: unknown }> }) {
  return (await exchange.info({ type: 'allMids' })).body as Record<string, string>;
}

/** The seeded path anchored at `px` at `anchorMs`, as the fallback continues it. */
function continued(px: number, anchorMs: number, timeMs: number): number {
  return (px * midPriceAt(SEED, BTC, timeMs)) / midPriceAt(SEED, BTC, anchorMs);
}

describe('PAPER_PRICES=auto follows mainnet', () => {
  it('marks, mids and fills follow the upstream; coins it does not list stay synthetic', async () => {
    const { upstream, clock, exchange, source, info, synthetic, user, client } = await following();
    expect(await source.poll()).toBe(true);
    const now = await mids(exchange);
    expect(now.BTC).toBe('65000.5');
    expect(now.ETH).toBe('3100.25');
    expect(now.SOL).toBe((await mids(synthetic)).SOL);
    expect(now['@1']).toBeUndefined();
    const [, ctxs] = await info.metaAndAssetCtxs();
    expect(Math.abs(Number(ctxs[0]!.markPx) - 65000.5)).toBeLessThanOrEqual(1);
    expect(Number(ctxs[0]!.oraclePx)).toBe(Number(ctxs[0]!.markPx));

    // A bid below the market rests; mainnet falls through it and the engine fills it.
    const placed = await client.order({
      orders: [{ a: 0, b: true, p: '64000', s: '0.001', r: false, t: { limit: { tif: 'Gtc' } } }],
      grouping: 'na',
    });
    expect(placed.response.data.statuses[0]).toHaveProperty('resting');
    clock.advance(1_000);
    upstream.mids.BTC = '63900';
    await source.poll();
    clock.advance(1_000);
    expect((await mids(exchange)).BTC).toBe('63900');
    const fills = await info.userFills({ user });
    expect(fills).toEqual([expect.objectContaining({ coin: 'BTC', px: '64000', side: 'B' })]);
    const state = await info.clearinghouseState({ user });
    expect(state.assetPositions[0]!.position.positionValue).toBe('63.9');
  });

  it('falls back to the synthetic path from the last price when mainnet answers 500, and follows it again', async () => {
    const { upstream, clock, exchange, source, synthetic, client, info, user, lines } =
      await following();
    await source.poll();
    // A 20x short at mainnet's price: a jump to the seeded path's own level would liquidate it.
    await client.updateLeverage({ asset: 0, isCross: true, leverage: 20 });
    await client.order({
      orders: [{ a: 0, b: false, p: '60000', s: '2.5', r: false, t: { limit: { tif: 'Ioc' } } }],
      grouping: 'na',
    });
    expect(exchange.pricesStatus?.()).toEqual({
      mode: 'auto',
      source: 'mainnet',
      since: T0,
      upstream: 'ok',
    });

    upstream.failWith = 500;
    clock.advance(1_000);
    expect(await source.poll()).toBe(false);
    // Within 10 s of its last answer the mark is still mainnet's.
    clock.advance(5_000);
    expect((await mids(exchange)).BTC).toBe('65000.5');
    expect(exchange.pricesStatus?.()).toMatchObject({ source: 'mainnet', upstream: 'down' });

    clock.advance(5 * MINUTE);
    await source.poll();
    const anchor = T0 + 10_000;
    const expected = continued(65000.5, anchor, clock.ms);
    const fallback = Number((await mids(exchange)).BTC);
    expect(Math.abs(fallback / expected - 1)).toBeLessThan(1e-4);
    expect(fallback).not.toBe(65000.5);
    expect(Math.abs(fallback / 65000.5 - 1)).toBeLessThan(0.02);
    // The seeded path's own level is elsewhere (about 95,000): no jump to it.
    expect(Math.abs(Number((await mids(synthetic)).BTC) / fallback - 1)).toBeGreaterThan(0.1);
    expect(exchange.pricesStatus?.()).toEqual({
      mode: 'auto',
      source: 'synthetic',
      since: anchor,
      upstream: 'down',
    });
    const short = (await info.clearinghouseState({ user })).assetPositions;
    expect(short).toEqual([
      expect.objectContaining({ position: expect.objectContaining({ szi: '-2.5' }) }),
    ]);

    // Mainnet answers again: followed at its next poll, no restart.
    upstream.failWith = undefined;
    upstream.mids.BTC = '66000';
    clock.advance(1_000);
    expect(await source.poll()).toBe(true);
    expect((await mids(exchange)).BTC).toBe('66000');
    expect(exchange.pricesStatus?.()).toEqual({
      mode: 'auto',
      source: 'mainnet',
      since: clock.ms,
      upstream: 'ok',
    });
    // One line per change of state, not one per poll.
    expect(lines).toEqual([
      `info paper prices: following Hyperliquid mainnet (${upstream.url})`,
      `warn paper prices: Hyperliquid mainnet (${upstream.url}) does not answer; the synthetic path continues from the last price`,
      `info paper prices: following Hyperliquid mainnet (${upstream.url})`,
    ]);
  });

  it('falls back when mainnet stops listening', async () => {
    const { upstream, clock, exchange, source } = await following();
    await source.poll();
    await upstream.stop();
    clock.advance(30_000);
    expect(await source.poll()).toBe(false);
    const expected = continued(65000.5, T0 + 10_000, clock.ms);
    expect(Math.abs(Number((await mids(exchange)).BTC) / expected - 1)).toBeLessThan(1e-4);
    expect(exchange.pricesStatus?.()).toMatchObject({ source: 'synthetic', upstream: 'down' });
  });

  it('serves mainnet l2Book and candles (cached), and the engine fills against that book', async () => {
    const { upstream, clock, source, client, info, user } = await following();
    upstream.books.BTC = {
      time: T0 - 5,
      levels: [
        [
          { px: '65000', sz: '1.5', n: 3 },
          { px: '64999', sz: '2', n: 1 },
        ],
        [
          { px: '65001', sz: '0.004', n: 1 },
          { px: '65002', sz: '3', n: 2 },
        ],
      ],
    };
    upstream.candles = [
      {
        t: T0 - MINUTE,
        T: T0 - 1,
        s: 'BTC',
        i: '1m',
        o: '64900',
        c: '64990',
        h: '65010',
        l: '64890',
        v: '12.5',
        n: 40,
      },
      {
        t: T0,
        T: T0 + MINUTE - 1,
        s: 'BTC',
        i: '1m',
        o: '64990',
        c: '64995',
        h: '64999',
        l: '64980',
        v: '1.2',
        n: 4,
      },
    ];
    await source.poll();
    clock.advance(100);
    const book = await info.l2Book({ coin: 'BTC' });
    expect(book).toEqual({ coin: 'BTC', ...upstream.books.BTC });
    await info.l2Book({ coin: 'BTC' });
    expect(upstream.count('l2Book')).toBe(1);

    // A market buy of 0.01 walks mainnet's asks: 0.004 at 65001, 0.006 at 65002.
    await client.order({
      orders: [{ a: 0, b: true, p: '66000', s: '0.01', r: false, t: { limit: { tif: 'Ioc' } } }],
      grouping: 'na',
    });
    const fills = await info.userFills({ user });
    expect(fills.map((f) => [f.px, f.sz]).sort()).toEqual([
      ['65001', '0.004'],
      ['65002', '0.006'],
    ]);

    const req = {
      coin: 'BTC',
      interval: '1m' as const,
      startTime: T0 - 2 * MINUTE,
      endTime: T0 + 1_000,
    };
    const candles = await info.candleSnapshot(req);
    expect(candles).toHaveLength(2);
    expect(candles[0]).toEqual(upstream.candles[0]);
    // The running candle closes at the mid polled since (65000.5), a new high.
    expect(candles[1]).toEqual({ ...upstream.candles[1], c: '65000.5', h: '65000.5' });
    // Within the minute: no new request; the running candle follows the polled mids.
    for (const mid of ['65100', '64900', '65000']) {
      clock.advance(1_000);
      upstream.mids.BTC = mid;
      await source.poll();
    }
    const followed = await info.candleSnapshot({ ...req, endTime: clock.ms });
    expect(followed[1]).toEqual({ ...upstream.candles[1], c: '65000', h: '65100', l: '64900' });
    expect(upstream.count('candleSnapshot')).toBe(1);

    // Mainnet gone: the paper candles continue from its last price.
    upstream.failWith = 500;
    clock.advance(MINUTE);
    await source.poll();
    const fallback = await info.candleSnapshot({ ...req, endTime: clock.ms });
    const last = fallback[fallback.length - 1]!;
    expect(Math.abs(Number(last.c) / 65000.5 - 1)).toBeLessThan(0.01);
    expect(upstream.count('candleSnapshot')).toBe(1);
  });

  it('pins win over mainnet', async () => {
    const { upstream, clock, exchange, source, info } = await following();
    await source.poll();
    expect((await exchange.pinMark({ coin: 'BTC', px: 50_000 })).status).toBe(200);
    clock.advance(1);
    expect(Math.abs(Number((await mids(exchange)).BTC) - 50_000)).toBeLessThan(5);
    const [, ctxs] = await info.metaAndAssetCtxs();
    expect(ctxs[0]!.markPx).toBe('50000');
    const book = await info.l2Book({ coin: 'BTC' });
    expect(Math.abs(Number(book!.levels[0][0]!.px) - 50_000)).toBeLessThan(5);
    expect(upstream.count('l2Book')).toBe(0);
    await exchange.pinMark({ coin: 'BTC', px: null });
    clock.advance(1);
    expect((await mids(exchange)).BTC).toBe('65000.5');
  });

  it('waits for mainnet before the first request, and polls on timers only while in use', async () => {
    const { upstream, exchange, source } = await following('auto', true);
    expect(upstream.count()).toBe(0);
    expect(source.polling).toBe(false);
    // The first read starts polling and sees mainnet's price, not a stale one.
    expect((await mids(exchange)).BTC).toBe('65000.5');
    expect(upstream.count('allMids')).toBe(1);
    expect(source.polling).toBe(true);
  });
});

describe('PAPER_PRICES=mainnet', () => {
  it('holds the last mainnet price while it is down, never the synthetic path', async () => {
    const { upstream, clock, exchange, source } = await following('mainnet');
    await source.poll();
    upstream.failWith = 503;
    clock.advance(10 * MINUTE);
    await source.poll();
    expect((await mids(exchange)).BTC).toBe('65000.5');
    expect(exchange.pricesStatus?.()).toEqual({
      mode: 'mainnet',
      source: 'mainnet',
      since: T0,
      upstream: 'down',
    });
  });
});

describe('PAPER_PRICES=synthetic', () => {
  it('never calls the upstream, and answers as the seeded path', async () => {
    const upstream = await fakeMainnet();
    const clock = new FakeClock();
    const pins = new MarkPins();
    const exchange = await openPaperExchange({
      now: clock.now,
      seed: SEED,
      pins,
      prices: { mode: 'synthetic', url: upstream.url },
    });
    const plain = await openPaperExchange({ now: clock.now, seed: SEED });
    expect(pins.source).toBeUndefined();
    const asks = [
      { type: 'allMids' },
      { type: 'l2Book', coin: 'BTC' },
      { type: 'metaAndAssetCtxs' },
      { type: 'candleSnapshot', req: { coin: 'BTC', interval: '1h', startTime: T0 - 86_400_000 } },
    ];
    for (const body of asks) {
      expect((await exchange.info(body)).body).toEqual((await plain.info(body)).body);
    }
    clock.advance(MINUTE);
    expect((await exchange.info({ type: 'allMids' })).body).toEqual(
      (await plain.info({ type: 'allMids' })).body,
    );
    expect(upstream.count()).toBe(0);
    expect(exchange.pricesStatus?.()).toEqual({
      mode: 'synthetic',
      source: 'synthetic',
      since: null,
      upstream: 'off',
    });
  });
});
