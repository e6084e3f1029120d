import type { OrderSuccessResponse } from '@nktkas/hyperliquid/api/exchange';
import type { ValidOrderRequest } from '@tb/core';
import { describe, expect, it } from 'vitest';
import { ExchangeError } from './errors.js';
import { orderParameters, placedOrderOf } from './orders.js';

const btc = { coin: 'BTC', assetId: 0, szDecimals: 5, maxLeverage: 40 };
const pepe = { coin: 'kPEPE', assetId: 2, szDecimals: 0, maxLeverage: 10 };
const order = (changes: Partial<ValidOrderRequest>): ValidOrderRequest => ({
  symbol: 'BTC-USD',
  side: 'buy',
  size: 0.001,
  price: 65000,
  orderType: 'limit',
  reduceOnly: false,
  ...changes,
});

describe('orderParameters', () => {
  it.each([
    {
      scenario: 'limit buy rests (Gtc) at its price',
      order: order({}),
      asset: btc,
      reference: null,
      expected: { a: 0, b: true, p: '65000', s: '0.001', r: false, t: { limit: { tif: 'Gtc' } } },
    },
    {
      scenario: 'limit price cut to 5 significant figures, size to szDecimals',
      order: order({ price: 65432.1, size: 0.123456789, side: 'sell', reduceOnly: true }),
      asset: btc,
      reference: null,
      expected: { a: 0, b: false, p: '65432', s: '0.12345', r: true, t: { limit: { tif: 'Gtc' } } },
    },
    {
      scenario: 'market buy: Ioc at mid × 1.05',
      order: order({ orderType: 'market', price: null }),
      asset: btc,
      reference: 65000.5,
      expected: { a: 0, b: true, p: '68250', s: '0.001', r: false, t: { limit: { tif: 'Ioc' } } },
    },
    {
      scenario: 'market sell: Ioc at mid × 0.95, 6 − szDecimals decimals',
      order: order({ orderType: 'market', price: null, side: 'sell', size: 1000.7 }),
      asset: pepe,
      reference: 0.0123,
      expected: {
        a: 2,
        b: false,
        p: '0.011685',
        s: '1000',
        r: false,
        t: { limit: { tif: 'Ioc' } },
      },
    },
  ])('$scenario', ({ order, asset, reference, expected }) => {
    expect(orderParameters(order, asset, reference)).toEqual({
      orders: [expected],
      grouping: 'na',
    });
  });

  it('sends a client order id when given (its fills carry it)', () => {
    const cloid = '0x0123456789abcdef0123456789abcdef';
    const [sent] = orderParameters(order({ orderType: 'market' }), btc, 65000, cloid).orders;
    expect(sent).toMatchObject({ r: false, c: cloid });
    expect(
      orderParameters(order({ orderType: 'market' }), btc, 65000).orders[0],
    ).not.toHaveProperty('c');
  });

  it('needs a reference price for a market order', () => {
    expect(() => orderParameters(order({ orderType: 'market' }), btc, null)).toThrow(
      new ExchangeError('unknown-symbol', 'Could not fetch price for BTC-USD'),
    );
  });
});

const answer = (status: unknown) =>
  ({
    status: 'ok',
    response: { type: 'order', data: { statuses: [status] } },
  }) as OrderSuccessResponse;

describe('placedOrderOf', () => {
  it.each([
    {
      status: { resting: { oid: 77 } },
      expected: { id: '77', status: 'resting', filled: 0, averagePrice: null },
    },
    {
      status: { filled: { totalSz: '3.0', avgPx: '4.3373', oid: 78 } },
      expected: { id: '78', status: 'filled', filled: 3, averagePrice: 4.3373 },
    },
    {
      status: 'waitingForFill',
      expected: { id: null, status: 'resting', filled: 0, averagePrice: null },
    },
  ])('$status', ({ status, expected }) => {
    expect(placedOrderOf(answer(status))).toEqual(expected);
  });

  it('refuses with the exchange text, without asset=N', () => {
    expect(() =>
      placedOrderOf(answer({ error: 'Order must have minimum value of $10. asset=0' })),
    ).toThrow(new ExchangeError('rejected', 'Order must have minimum value of $10.'));
  });
});
