import { describe, expect, it } from 'vitest';
import { chartSymbol, normalizeOrderSymbol, priceSymbol, symbolBase } from './symbols.js';

describe('normalizeOrderSymbol', () => {
  it.each([
    ['a bare coin gets -USD', 'BTC', 'BTC-USD'],
    ['a symbol with a quote is kept', 'ETH-USD', 'ETH-USD'],
    ['spaces are trimmed', '  SOL ', 'SOL-USD'],
    ['case is kept for k-coins', 'kPEPE', 'kPEPE-USD'],
    ['empty', '', null],
    ['a slash', 'BTC/USD', null],
    ['two dashes', 'BTC-USD-PERP', null],
  ])('%s', (_scenario, input, expected) => {
    expect(normalizeOrderSymbol(input)).toBe(expected);
  });
});

describe('symbolBase / priceSymbol', () => {
  it.each([
    ['dash form', 'BTC-USD', 'BTC', 'BTC-USD'],
    ['slash form', 'BTC/USD', 'BTC', 'BTC-USD'],
    ['glued USDT', 'BTCUSDT', 'BTC', 'BTC-USD'],
    ['glued USD', 'ETHUSD', 'ETH', 'ETH-USD'],
    ['perp suffix', 'SOL-PERP', 'SOL', 'SOL-USD'],
    ['chart form with exchange', 'COINBASE:BTCUSD', 'BTC', 'BTC-USD'],
    ['a bare coin', 'kPEPE', 'kPEPE', 'kPEPE-USD'],
    ['a quote alone stays itself', 'USDT', 'USDT', 'USDT-USD'],
    ['empty', ' ', null, null],
    ['punctuation', '$$$', null, null],
  ])('%s', (_scenario, input, base, price) => {
    expect(symbolBase(input)).toBe(base);
    expect(priceSymbol(input)).toBe(price);
  });
});

describe('chartSymbol', () => {
  it.each([
    ['defaults', undefined, undefined, 'COINBASE:BTCUSD'],
    ['last symbol, upper-cased', 'ethusd', undefined, 'COINBASE:ETHUSD'],
    ['already prefixed', 'BINANCE:SOLUSDT', undefined, 'BINANCE:SOLUSDT'],
    ['blank falls back', ' ', ' ', 'COINBASE:BTCUSD'],
  ])('%s', (_scenario, symbol, exchange, expected) => {
    expect(chartSymbol(symbol, exchange)).toBe(expected);
  });
});
