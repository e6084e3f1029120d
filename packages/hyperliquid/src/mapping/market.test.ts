import type {
  CandleSnapshotResponse,
  L2BookResponse,
  MetaResponse,
  RecentTradesResponse,
} from '@nktkas/hyperliquid/api/info';
import { describe, expect, it } from 'vitest';
import { ExchangeError } from '../errors.js';
import { ALL_MIDS, CANDLES, L2_BOOK, META, RECENT_TRADES } from '../testing/fixtures.js';
import {
  toCandles,
  toMarkets,
  toOrderBook,
  toPublicTrades,
  toTicker,
  toTickers,
} from './market.js';

const meta = META as MetaResponse;
const book = L2_BOOK as NonNullable<L2BookResponse>;

describe('toMarkets', () => {
  it('lists listed perps with their index as asset id', () => {
    expect(toMarkets(meta)).toEqual([
      {
        id: 'BTC',
        symbol: 'BTC-USD',
        base: 'BTC',
        quote: 'USD',
        assetId: 0,
        maxLeverage: 40,
        sizeDecimals: 5,
      },
      {
        id: 'ETH',
        symbol: 'ETH-USD',
        base: 'ETH',
        quote: 'USD',
        assetId: 1,
        maxLeverage: 25,
        sizeDecimals: 4,
      },
      {
        id: 'kPEPE',
        symbol: 'kPEPE-USD',
        base: 'kPEPE',
        quote: 'USD',
        assetId: 2,
        maxLeverage: 10,
        sizeDecimals: 0,
      },
    ]);
  });
});

describe('toOrderBook', () => {
  it.each([
    {
      limit: 20,
      bids: [
        [65000, 1.5],
        [64999, 2],
      ],
      asks: [
        [65001, 0.5],
        [65002, 3],
      ],
    },
    { limit: 1, bids: [[65000, 1.5]], asks: [[65001, 0.5]] },
  ])('limit $limit', ({ limit, bids, asks }) => {
    expect(toOrderBook(book, limit)).toEqual({
      symbol: 'BTC-USD',
      bids,
      asks,
      timestamp: 1689630203930,
    });
  });

  it('refuses levels that are not lists', () => {
    expect(() => toOrderBook({ ...book, levels: 'x' } as never, 5)).toThrow(ExchangeError);
  });
});

describe('toTicker', () => {
  it.each([
    {
      scenario: 'with a book',
      book,
      expected: { bid: 65000, ask: 65001, timestamp: 1689630203930 },
    },
    { scenario: 'without a book', book: null, expected: { bid: null, ask: null, timestamp: 5 } },
    {
      scenario: 'with an empty side',
      book: { ...book, levels: [[], book.levels[1]] } as typeof book,
      expected: { bid: null, ask: 65001, timestamp: 1689630203930 },
    },
  ])('$scenario', ({ book, expected }) => {
    expect(toTicker('BTC', 65000.5, book, 5)).toEqual({
      symbol: 'BTC-USD',
      last: 65000.5,
      ...expected,
    });
  });
});

describe('toTickers', () => {
  it('gives every listed perp with a mid, without spot keys', () => {
    expect(toTickers(meta, ALL_MIDS, 9)).toEqual([
      { symbol: 'BTC-USD', last: 65000.5, bid: null, ask: null, timestamp: 9 },
      { symbol: 'ETH-USD', last: 3200.25, bid: null, ask: null, timestamp: 9 },
      { symbol: 'kPEPE-USD', last: 0.0123, bid: null, ask: null, timestamp: 9 },
    ]);
  });
});

describe('toCandles', () => {
  const candles = [...CANDLES].reverse() as CandleSnapshotResponse;
  it.each([
    { limit: 100, times: [1684699200000, 1684702800000, 1684706400000] },
    { limit: 2, times: [1684702800000, 1684706400000] },
  ])('oldest first, the last $limit', ({ limit, times }) => {
    expect(toCandles(candles, limit).map((c) => c[0])).toEqual(times);
  });

  it('maps the SDK example to [t, o, h, l, c, v]', () => {
    expect(toCandles([CANDLES[0]] as CandleSnapshotResponse, 1)).toEqual([
      [1684699200000, 0.001601, 0.001616, 0.001601, 0.001604, 520665683],
    ]);
  });
});

describe('toPublicTrades', () => {
  it('newest first, limited', () => {
    expect(toPublicTrades(RECENT_TRADES as RecentTradesResponse, 2)).toEqual([
      { id: '12', timestamp: 3, symbol: 'BTC-USD', side: 'buy', price: 65001, amount: 0.2 },
      { id: '13', timestamp: 2, symbol: 'BTC-USD', side: 'buy', price: 65002, amount: 0.3 },
    ]);
  });
});
