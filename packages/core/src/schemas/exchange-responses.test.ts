import { describe, expect, it } from 'vitest';
import {
  AccountBalanceRowSchema,
  BalanceSchema,
  CandleSchema,
  exchangeResponseSchema,
  MarketSchema,
  OpenOrderSchema,
  OrderBookSchema,
  OrderHistoryRowSchema,
  PlacedOrderSchema,
  PositionSchema,
  SymbolPriceSchema,
  TickerSchema,
  TradeHistoryRowSchema,
} from './exchange-responses.js';

const samples = [
  [
    'balance',
    BalanceSchema,
    { free: { USDC: 900 }, used: { USDC: 100 }, total: { USDC: 1000 }, info: { usdcValue: 1000 } },
  ],
  [
    'balance row',
    AccountBalanceRowSchema,
    { coin: 'USDC', totalBalance: 1000, availableBalance: 900, usdcValue: 1000 },
  ],
  [
    'position',
    PositionSchema,
    {
      symbol: 'BTC-USD',
      side: 'long',
      size: 0.1,
      entryPrice: 60000,
      markPrice: 61000,
      unrealizedPnl: 100,
      pnlPercentage: 16.4,
      liquidationPrice: null,
      margin: 610,
      leverage: 10,
      leverageType: 'cross',
    },
  ],
  [
    'open order',
    OpenOrderSchema,
    {
      id: '77',
      timestamp: 1,
      orderType: 'limit',
      symbol: 'BTC-USD',
      assetId: 0,
      side: 'buy',
      size: 0.1,
      filled: 0,
      value: 6000,
      price: 60000,
      reduceOnly: false,
      status: 'open',
    },
  ],
  [
    'fill',
    TradeHistoryRowSchema,
    {
      timestamp: 1,
      symbol: 'BTC-USD',
      side: 'sell',
      price: 61000,
      amount: 0.1,
      cost: 6100,
      fee: { cost: 2.1, currency: 'USDC' },
    },
  ],
  [
    'order history row',
    OrderHistoryRowSchema,
    {
      timestamp: 1,
      symbol: 'BTC-USD',
      type: 'limit',
      side: 'buy',
      price: 60000,
      amount: 0.1,
      filled: 0.1,
      status: 'filled',
    },
  ],
  [
    'ticker',
    TickerSchema,
    { symbol: 'BTC-USD', last: 61000, bid: 60999, ask: 61001, timestamp: 1 },
  ],
  [
    'order book',
    OrderBookSchema,
    { symbol: 'BTC-USD', bids: [[60999, 1]], asks: [[61001, 2]], timestamp: 1 },
  ],
  ['candle', CandleSchema, [1, 2, 3, 1, 2, 10]],
  [
    'market',
    MarketSchema,
    { id: 'BTC', symbol: 'BTC-USD', base: 'BTC', quote: 'USD', assetId: 0, maxLeverage: 40 },
  ],
  ['price', SymbolPriceSchema, { symbol: 'BTC-USD', price: 61000 }],
  [
    'placed order',
    PlacedOrderSchema,
    { id: '77', status: 'resting', filled: 0, averagePrice: null },
  ],
] as const;

describe('unified exchange shapes', () => {
  it.each(samples)('a %s parses as sent', (_name, schema, sample) => {
    expect(schema.parse(sample)).toEqual(sample);
  });

  it('a position side is long or short only', () => {
    expect(PositionSchema.safeParse({ ...samples[2][2], side: 'buy' }).success).toBe(false);
  });

  it('a position leverage type is cross or isolated only', () => {
    const isolated = { ...samples[2][2], leverageType: 'isolated' };
    expect(PositionSchema.parse(isolated)).toEqual(isolated);
    expect(PositionSchema.safeParse({ ...samples[2][2], leverageType: 'x' }).success).toBe(false);
    expect(PositionSchema.safeParse({ ...samples[2][2], leverageType: undefined }).success).toBe(
      false,
    );
  });

  it('wraps data in { success: true, data }', () => {
    const schema = exchangeResponseSchema(SymbolPriceSchema);
    expect(schema.parse({ success: true, data: { symbol: 'BTC-USD', price: 1 } }).data.price).toBe(
      1,
    );
    expect(
      schema.safeParse({ success: false, data: { symbol: 'BTC-USD', price: 1 } }).success,
    ).toBe(false);
  });
});
