import { describe, expect, it } from 'vitest';
import {
  CancelOrderParamsSchema,
  CancelOrderQuerySchema,
  HistoryQuerySchema,
  LeverageRequestSchema,
  OhlcvQuerySchema,
  OrderbookQuerySchema,
  OrderRequestSchema,
  PriceParamsSchema,
  PublicTradesQuerySchema,
  SymbolParamsSchema,
} from './exchange-requests.js';

const issue = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => {
  const first = result.error?.issues[0];
  return first ? [first.path.join('.'), first.message] : null;
};

describe('OrderRequestSchema', () => {
  it('normalizes a valid order', () => {
    expect(
      OrderRequestSchema.parse({ symbol: 'BTC', side: 'buy', size: 0.01, price: 64000 }),
    ).toEqual({
      symbol: 'BTC-USD',
      side: 'buy',
      size: 0.01,
      price: 64000,
      orderType: 'limit',
      reduceOnly: false,
    });
  });

  it.each([
    [
      'missing side',
      { symbol: 'BTC', size: 1, price: 1 },
      ['side', 'Symbol, side, and size are required'],
    ],
    [
      'limit without price',
      { symbol: 'BTC', side: 'sell', size: 1 },
      ['price', 'Price is required for limit orders'],
    ],
    [
      'an object as size',
      { symbol: 'BTC', side: 'sell', size: {}, price: 1 },
      ['size', 'Size must be a number'],
    ],
    [
      'a number as side',
      { symbol: 'BTC', side: 1, size: 1, price: 1 },
      ['side', 'Side must be buy or sell'],
    ],
    [
      'reduce-only as text',
      { symbol: 'BTC', side: 'buy', size: 1, price: 1, reduceOnly: 'yes' },
      ['reduceOnly', 'Reduce only must be true or false'],
    ],
  ])('refuses %s', (_scenario, input, expected) => {
    expect(issue(OrderRequestSchema.safeParse(input))).toEqual(expected);
  });
});

describe('symbols, leverage and cancel', () => {
  it('price lookups reduce the symbol to base -USD', () => {
    expect(PriceParamsSchema.parse({ symbol: 'BTC/USD' })).toEqual({ symbol: 'BTC-USD' });
    expect(issue(PriceParamsSchema.safeParse({ symbol: '' }))).toEqual([
      'symbol',
      'Symbol is required',
    ]);
    expect(SymbolParamsSchema.safeParse({ symbol: 'ETH-USD' }).success).toBe(true);
  });

  it.each([
    [
      { leverage: 10, symbol: 'BTC' },
      { leverage: 10, symbol: 'BTC-USD', isCross: true },
    ],
    [
      { leverage: 3, symbol: 'ETH', isCross: false },
      { leverage: 3, symbol: 'ETH-USD', isCross: false },
    ],
    [
      { leverage: 3, symbol: 'ETH', isCross: 'no' },
      ['isCross', 'Cross margin must be true or false'],
    ],
    [{ leverage: 0, symbol: 'BTC' }, ['leverage', 'Leverage must be a whole number from 1 to 100']],
    [
      { leverage: 2.5, symbol: 'BTC' },
      ['leverage', 'Leverage must be a whole number from 1 to 100'],
    ],
    [{ leverage: 5 }, ['symbol', 'Symbol is required']],
  ])('leverage %j', (input, expected) => {
    const result = LeverageRequestSchema.safeParse(input);
    expect(result.success ? result.data : issue(result)).toEqual(expected);
  });

  it('cancel takes the order id from the path and an asset id or symbol from the query', () => {
    expect(CancelOrderParamsSchema.parse({ id: '77' })).toEqual({ id: 77 });
    expect(CancelOrderQuerySchema.parse({ assetId: '0' })).toEqual({ assetId: 0 });
    expect(CancelOrderQuerySchema.parse({ symbol: 'BTC' })).toEqual({ symbol: 'BTC' });
    expect(issue(CancelOrderQuerySchema.safeParse({}))).toEqual([
      '',
      'Order ID and asset ID are required',
    ]);
    expect(CancelOrderParamsSchema.safeParse({ id: '0' }).success).toBe(false);
  });
});

describe('query defaults of SPEC.md', () => {
  it.each([
    ['order book limit 20', OrderbookQuerySchema, { limit: 20 }],
    ['OHLCV 1h and 100 candles', OhlcvQuerySchema, { timeframe: '1h', limit: 100 }],
    ['public trades 50', PublicTradesQuerySchema, { limit: 50 }],
    ['history 50', HistoryQuerySchema, { limit: 50 }],
  ])('%s', (_scenario, schema, expected) => {
    expect(schema.parse({})).toEqual(expected);
  });

  it('reads query text as numbers and refuses bad ones clearly', () => {
    expect(
      HistoryQuerySchema.parse({ symbol: 'BTC', limit: '10', since: '1700000000000' }),
    ).toEqual({ symbol: 'BTC', limit: 10, since: 1700000000000 });
    expect(issue(OrderbookQuerySchema.safeParse({ limit: '500' }))).toEqual([
      'limit',
      'Limit must be a whole number from 1 to 100',
    ]);
    expect(issue(OrderbookQuerySchema.safeParse({ limit: 'abc' }))).toEqual([
      'limit',
      'Limit must be a whole number from 1 to 100',
    ]);
    expect(issue(OhlcvQuerySchema.safeParse({ timeframe: '2d' }))?.[0]).toBe('timeframe');
    // Issue 29: at most 1,000 candles a request (Hyperliquid's 5,000 cost the server too much).
    expect(OhlcvQuerySchema.parse({ limit: '1000' }).limit).toBe(1000);
    expect(issue(OhlcvQuerySchema.safeParse({ limit: '5000' }))).toEqual([
      'limit',
      'Limit must be a whole number from 1 to 1000',
    ]);
    expect(issue(HistoryQuerySchema.safeParse({ since: '-5' }))).toEqual([
      'since',
      'Since must be a time in epoch milliseconds',
    ]);
  });
});
