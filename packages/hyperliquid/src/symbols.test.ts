import { describe, expect, it } from 'vitest';
import { resolveCoin } from './symbols.js';

const coins = ['BTC', 'ETH', 'kPEPE', 'AUSD'];

describe('resolveCoin', () => {
  it.each([
    ['BTC', 'BTC'],
    ['btc', 'BTC'],
    ['BTC-USD', 'BTC'],
    ['BTC/USD', 'BTC'],
    ['BTCUSDT', 'BTC'],
    ['BTC-PERP', 'BTC'],
    ['kPEPE', 'kPEPE'],
    ['KPEPE-USD', 'kPEPE'],
    ['AUSD', 'AUSD'],
    [' eth ', 'ETH'],
    ['DOGE', null],
    ['', null],
    ['@1', null],
  ])('%s → %s', (symbol, coin) => {
    expect(resolveCoin(coins, symbol)).toBe(coin);
  });
});
