import { describe, expect, it } from 'vitest';
import { orderMessages as m } from './messages.js';
import {
  isMultipleOfStep,
  validateCancelOrder,
  validateOrder,
  validatePriceLookup,
} from './orders.js';

describe('validateOrder', () => {
  it('accepts a limit buy and normalizes the symbol', () => {
    expect(
      validateOrder({
        symbol: 'BTC',
        side: 'buy',
        size: '0.015',
        price: '64250.5',
        orderType: 'limit',
      }),
    ).toEqual({
      ok: true,
      value: {
        symbol: 'BTC-USD',
        side: 'buy',
        size: 0.015,
        price: 64250.5,
        orderType: 'limit',
        reduceOnly: false,
      },
    });
  });

  it('accepts a market sell without price, reduce-only', () => {
    expect(
      validateOrder({
        symbol: 'ETH-USD',
        side: 'sell',
        size: 1,
        orderType: 'market',
        reduceOnly: true,
      }),
    ).toEqual({
      ok: true,
      value: {
        symbol: 'ETH-USD',
        side: 'sell',
        size: 1,
        price: null,
        orderType: 'market',
        reduceOnly: true,
      },
    });
  });

  it('takes a price with 6 decimals, as a coin of szDecimals 0 trades (0.012345)', () => {
    const result = validateOrder({ symbol: 'kPEPE', side: 'buy', size: 1000, price: '0.012345' });
    expect(result).toMatchObject({ ok: true, value: { symbol: 'kPEPE-USD', price: 0.012345 } });
  });

  it.each([
    ['no symbol', { side: 'buy', size: 1, price: 1 }, 'symbol', m.required],
    ['no side', { symbol: 'BTC', size: 1, price: 1 }, 'side', m.required],
    ['blank size', { symbol: 'BTC', side: 'buy', size: ' ', price: 1 }, 'size', m.required],
    [
      'a limit order without price (the default type)',
      { symbol: 'BTC', side: 'buy', size: 1 },
      'price',
      m.priceRequired,
    ],
    ['a bad side', { symbol: 'BTC', side: 'long', size: 1, price: 1 }, 'side', m.sideInvalid],
    [
      'a bad type',
      { symbol: 'BTC', side: 'buy', size: 1, orderType: 'stop' },
      'orderType',
      m.orderTypeInvalid,
    ],
    [
      'a bad symbol',
      { symbol: 'BTC/USD', side: 'buy', size: 1, price: 1 },
      'symbol',
      m.symbolInvalid,
    ],
    ['size below 0.001', { symbol: 'BTC', side: 'buy', size: 0.0005, price: 1 }, 'size', m.sizeMin],
    ['a negative size', { symbol: 'BTC', side: 'buy', size: '-1', price: 1 }, 'size', m.sizeMin],
    [
      'size off the 0.001 step',
      { symbol: 'BTC', side: 'buy', size: 0.0015, price: 1 },
      'size',
      m.sizeStep,
    ],
    [
      'size not a number',
      { symbol: 'BTC', side: 'buy', size: 'lots', price: 1 },
      'size',
      m.sizeNotNumber,
    ],
    [
      'price below 0.000001',
      { symbol: 'BTC', side: 'buy', size: 1, price: 0.0000001 },
      'price',
      m.priceMin,
    ],
    [
      'price off the 0.000001 step',
      { symbol: 'BTC', side: 'buy', size: 1, price: 1.0000005 },
      'price',
      m.priceStep,
    ],
    [
      'a size past MAX_AMOUNT',
      { symbol: 'BTC', side: 'buy', size: 1e21, price: 1 },
      'size',
      m.sizeMax,
    ],
    [
      'the largest size',
      { symbol: 'BTC', side: 'buy', size: '1e308', price: 1 },
      'size',
      m.sizeMax,
    ],
    [
      'a price past MAX_AMOUNT (a buy that fills at any price)',
      { symbol: 'BTC', side: 'buy', size: 1, price: '1e21' },
      'price',
      m.priceMax,
    ],
    [
      'a market order with a bad price',
      { symbol: 'BTC', side: 'buy', size: 1, price: 'x', orderType: 'market' },
      'price',
      m.priceNotNumber,
    ],
  ])('refuses %s', (_scenario, input, field, message) => {
    expect(validateOrder(input)).toEqual({ ok: false, code: 'VALIDATION_ERROR', message, field });
  });
});

describe('isMultipleOfStep', () => {
  it.each([
    [0.3, 0.001, true],
    [1.23456, 0.00001, true],
    [0.0015, 0.001, false],
    [100, 0.001, true],
    [64250.5, 0.00001, true],
    [1.5, 0.5, true],
    [1.25, 0.5, false],
    [1e-7, 1e-7, true],
  ])('%f on step %f → %s', (value, step, expected) => {
    expect(isMultipleOfStep(value, step)).toBe(expected);
  });
});

describe('validateCancelOrder', () => {
  it.each([
    ['numbers', { orderId: 77, assetId: 0 }, { ok: true, value: { orderId: 77, assetId: 0 } }],
    [
      'digit strings from the URL',
      { orderId: '77', assetId: '3' },
      { ok: true, value: { orderId: 77, assetId: 3 } },
    ],
    [
      'no asset id',
      { orderId: 77 },
      { ok: false, code: 'VALIDATION_ERROR', message: m.cancelRequired },
    ],
    [
      'empty order id',
      { orderId: '', assetId: 1 },
      { ok: false, code: 'VALIDATION_ERROR', message: m.cancelRequired },
    ],
    [
      'an order id of 0',
      { orderId: 0, assetId: 1 },
      { ok: false, code: 'VALIDATION_ERROR', message: m.cancelNotNumbers },
    ],
    [
      'a fractional asset id',
      { orderId: 1, assetId: 1.5 },
      { ok: false, code: 'VALIDATION_ERROR', message: m.cancelNotNumbers },
    ],
  ])('%s', (_scenario, input, expected) => {
    expect(validateCancelOrder(input)).toEqual(expected);
  });

  it('has the SPEC.md message', () => {
    expect(m.cancelRequired).toBe('Order ID and asset ID are required');
  });
});

describe('validatePriceLookup', () => {
  it.each([
    ['reduces to base -USD', 'BTC/USD', { ok: true, value: 'BTC-USD' }],
    [
      'missing symbol',
      '',
      { ok: false, code: 'VALIDATION_ERROR', message: 'Symbol is required', field: 'symbol' },
    ],
    [
      'unusable symbol',
      '%%',
      { ok: false, code: 'VALIDATION_ERROR', message: m.symbolInvalid, field: 'symbol' },
    ],
  ])('%s', (_scenario, symbol, expected) => {
    expect(validatePriceLookup(symbol)).toEqual(expected);
  });
});
