import { describe, expect, it } from 'vitest';
import { ExchangeError } from './exchange-client.js';
import { CANDLES, RECENT_TRADES } from './testing/fixtures.js';
import { setup } from './testing/setup.js';

describe('market data cache', () => {
  it('answers 100 concurrent price lookups with one upstream request', async () => {
    const { transport, market } = setup();
    const prices = await Promise.all(Array.from({ length: 100 }, () => market.price('BTC')));
    expect(prices[99]).toEqual({ symbol: 'BTC-USD', price: 65000.5 });
    expect(transport.requests).toHaveLength(1);
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
    await market.ohlcv('kPEPE', { timeframe: '1h', limit: 2, since: 5 });
    expect(candles.map((c) => c[0])).toEqual([1684702800000, 1684706400000]);
    const sent = transport.requests.filter((r) => r.payload.type === 'candleSnapshot');
    expect(sent.map((r) => r.payload.req)).toEqual([
      { coin: 'kPEPE', interval: '1h', startTime: 1_700_000_000_000 - 2 * 3_600_000 },
      { coin: 'kPEPE', interval: '1h', startTime: 5 },
    ]);
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
