import { describe, expect, it } from 'vitest';
import { ExchangeError } from './errors.js';
import { candleOpen } from './market-data.js';
import { ALL_MIDS, CANDLES, META, RECENT_TRADES } from './testing/fixtures.js';
import { setup } from './testing/setup.js';

describe('market data cache', () => {
  it('answers 100 concurrent price lookups with one upstream request', async () => {
    const { transport, market } = setup();
    const prices = await Promise.all(Array.from({ length: 100 }, () => market.price('BTC')));
    expect(prices[99]).toEqual({ symbol: 'BTC-USD', price: 65000.5 });
    expect(transport.requests).toHaveLength(1);
  });

  it("reads a coin's hourly funding from metaAndAssetCtxs, 1 s cached; unknown coins refused", async () => {
    const { transport, market } = setup();
    expect(await market.fundingRate('BTCUSDT')).toBe(0.0000125);
    expect(await market.fundingRate('ETH-USD')).toBe(0.0000125);
    expect(transport.count('metaAndAssetCtxs')).toBe(1);
    await expect(market.fundingRate('NOPE')).rejects.toMatchObject({ kind: 'unknown-symbol' });
  });

  it('keeps mids 1 s and meta 60 s', async () => {
    const { transport, market, tick } = setup();
    await market.markets();
    await market.price('ETH');
    tick(999);
    await market.markets();
    await market.price('ETH');
    expect([transport.count('meta'), transport.count('allMids')]).toEqual([1, 1]);
    tick(1);
    await market.price('ETH');
    expect(transport.count('allMids')).toBe(2);
    tick(59_000);
    await market.markets();
    expect(transport.count('meta')).toBe(2);
  });

  it('does not keep a failed request', async () => {
    const { transport, market } = setup();
    transport.on('allMids', () => Promise.reject(new Error('down')));
    await expect(market.price('BTC')).rejects.toThrow('down');
    transport.on('allMids', { BTC: '1' });
    await expect(market.price('BTC')).resolves.toEqual({ symbol: 'BTC-USD', price: 1 });
  });

  it.each(['DOGE', 'OLD2', '@1'])(
    'refuses the unknown symbol %s in the caller’s words',
    async (symbol) => {
      const { market } = setup();
      await expect(market.price(symbol)).rejects.toEqual(
        new ExchangeError('unknown-symbol', `Could not fetch price for ${symbol}`),
      );
      await expect(market.price(symbol)).rejects.toMatchObject({ kind: 'unknown-symbol' });
    },
  );

  it('resolves any symbol shape and keeps meta’s case', async () => {
    const { market } = setup();
    expect(await market.price('kpepe/usd')).toEqual({ symbol: 'kPEPE-USD', price: 0.0123 });
    expect((await market.ticker('BTCUSDT')).bid).toBe(65000);
    expect((await market.orderBook('btc-usd', 1)).asks).toEqual([[65001, 0.5]]);
  });

  it('asks candles from now − limit × interval, cached per query', async () => {
    const { transport, market } = setup();
    transport.on('candleSnapshot', CANDLES);
    const candles = await market.ohlcv('kPEPE', { timeframe: '1h', limit: 2 });
    await market.ohlcv('kPEPE', { timeframe: '1h', limit: 2 });
    // Further back than 2 candles reach: the most recent 2 all the same (issue 29).
    await market.ohlcv('kPEPE', { timeframe: '1h', limit: 2, since: 5 });
    await market.ohlcv('kPEPE', { timeframe: '1h', limit: 3 });
    expect(candles.map((c) => c[0])).toEqual([1684702800000, 1684706400000]);
    const sent = transport.requests.filter((r) => r.payload.type === 'candleSnapshot');
    expect(sent.map((r) => r.payload.req)).toEqual([
      { coin: 'kPEPE', interval: '1h', startTime: 1_700_000_000_000 - 2 * 3_600_000 },
      { coin: 'kPEPE', interval: '1h', startTime: 1_700_000_000_000 - 3 * 3_600_000 },
    ]);
  });

  it('reads candles since the open of the one containing since: one entry per candle', async () => {
    const { transport, market } = setup();
    transport.on('candleSnapshot', CANDLES);
    const now = 1_700_000_000_000; // 2023-11-14T22:13:20Z
    const open = Date.parse('2023-11-14T20:00:00Z');
    for (const since of [open, open + 1, open + 3_599_999]) {
      await market.ohlcv('kPEPE', { timeframe: '1h', limit: 5, since });
    }
    // A time to come asks from the current candle.
    await market.ohlcv('kPEPE', { timeframe: '1h', limit: 5, since: now + 86_400_000 });
    const sent = transport.requests.filter((r) => r.payload.type === 'candleSnapshot');
    expect(sent.map((r) => (r.payload.req as { startTime: number }).startTime)).toEqual([
      open,
      open + 2 * 3_600_000,
    ]);
  });

  it.each([
    ['1m', '2023-11-14T22:13:00Z'],
    ['15m', '2023-11-14T22:00:00Z'],
    ['4h', '2023-11-14T20:00:00Z'],
    ['3d', '2023-11-13T00:00:00Z'],
    ['1w', '2023-11-13T00:00:00Z'],
    ['1M', '2023-11-01T00:00:00Z'],
  ] as const)('opens a %s candle as Hyperliquid does (UTC, weeks on Monday)', (interval, at) => {
    expect(new Date(candleOpen(interval, 1_700_000_000_000)).toISOString()).toBe(
      new Date(at).toISOString(),
    );
  });

  it('serves public trades from one request per coin', async () => {
    const { transport, market } = setup();
    transport.on('recentTrades', RECENT_TRADES);
    await Promise.all([market.publicTrades('BTC', 1), market.publicTrades('btc', 5)]);
    expect(transport.count('recentTrades')).toBe(1);
  });

  it('turns a malformed answer into invalid-response', async () => {
    const { transport, market } = setup();
    transport.on('l2Book', { coin: 'BTC', time: 1, levels: 'nope' });
    await expect(market.orderBook('BTC', 5)).rejects.toMatchObject({ kind: 'invalid-response' });
    transport.on('allMids', { BTC: 'not a number' });
    await expect(market.price('BTC')).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});

describe('market data cache: an error or a malformed answer is never kept', () => {
  const ERR = { status: 'err', response: 'Internal error' };
  const invalid = { kind: 'invalid-response' };

  it('meta answered {"status":"err"}: refused, and the next call asks again', async () => {
    const { transport, market } = setup();
    transport.on('meta', ERR);
    await expect(market.markets()).rejects.toMatchObject(invalid);
    transport.on('meta', META);
    await expect(market.markets()).resolves.toEqual(
      expect.arrayContaining([expect.objectContaining({ symbol: 'BTC-USD' })]),
    );
    expect(transport.count('meta')).toBe(2);
  });

  it('allMids answered {"status":"err"}: a 502-kind failure, not an unknown symbol', async () => {
    const { transport, market } = setup();
    transport.on('allMids', ERR);
    await expect(market.price('BTC')).rejects.toMatchObject(invalid);
    transport.on('allMids', ALL_MIDS);
    await expect(market.price('BTC')).resolves.toEqual({ symbol: 'BTC-USD', price: 65000.5 });
  });

  it.each([
    ['meta', () => ({ universe: [{ name: 'BTC' }] }), (m: Market) => m.markets()],
    ['meta', () => null, (m: Market) => m.price('BTC').then(() => m.markets())],
    ['allMids', () => ['65000'], (m: Market) => m.price('BTC')],
    ['allMids', () => ({ BTC: null }), (m: Market) => m.tickers()],
    [
      'l2Book',
      () => ({ coin: 'BTC', time: 1, levels: [[{ px: 'x', sz: '1' }], []] }),
      (m: Market) => m.orderBook('BTC', 5),
    ],
    [
      'candleSnapshot',
      () => [{ t: 1, o: '1' }],
      (m: Market) => m.ohlcv('BTC', { timeframe: '1h', limit: 2 }),
    ],
    ['recentTrades', () => ({ status: 'err' }), (m: Market) => m.publicTrades('BTC', 5)],
    [
      'metaAndAssetCtxs',
      () => [META, 'nope'],
      (m: Market) => m.markets().then(() => referencePrice(m)),
    ],
  ])(
    '%s answered garbage (%#): refused, then the good answer is fetched',
    async (type, garbage, read) => {
      const { transport, market } = setup();
      const good = transport.answers.get(type) ?? (() => GOOD[type]);
      transport.on(type, garbage);
      await expect(read(market)).rejects.toMatchObject(invalid);
      transport.on(type, good);
      await expect(read(market)).resolves.toBeDefined();
      expect(transport.count(type)).toBe(2);
    },
  );

  it('still shares one request among concurrent callers, garbage or not', async () => {
    const { transport, market } = setup();
    transport.on('allMids', ERR);
    const first = await Promise.allSettled(Array.from({ length: 50 }, () => market.price('BTC')));
    expect(first.every((r) => r.status === 'rejected')).toBe(true);
    expect(transport.count('allMids')).toBe(1);
    transport.on('allMids', ALL_MIDS);
    const second = await Promise.all(Array.from({ length: 50 }, () => market.price('ETH')));
    expect(second[49]).toEqual({ symbol: 'ETH-USD', price: 3200.25 });
    expect(transport.count('allMids')).toBe(2);
  });
});

type Market = ReturnType<typeof setup>['market'];
/** A market order's reference price reads metaAndAssetCtxs when a coin has no mid. */
const referencePrice = (market: Market) =>
  (market as unknown as { referencePrice(coin: string): Promise<number | null> }).referencePrice(
    'OLD',
  );
const GOOD: Record<string, unknown> = { candleSnapshot: CANDLES, recentTrades: RECENT_TRADES };
