import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice, marketPriceText, roundPrice } from './price.js';

describe('formatPrice at a known market precision (szDecimals)', () => {
  it.each([
    ['DOGE entry (szDecimals 0)', 0.1932, 0, '0.1932'],
    ['DOGE stop', 0.1968, 0, '0.1968'],
    ['DOGE target', 0.2076, 0, '0.2076'],
    ['SOL at a whole price (szDecimals 2)', 195, 2, '195'],
    ['ETH exit filled at 4,409.7 (szDecimals 4)', 4409.7, 4, '4,409.7'],
    ['a fill at 4,470.3', 4470.3, 4, '4,470.3'],
    ['BTC keeps 5 significant figures (szDecimals 5)', 64250.4, 5, '64,250'],
    ['an integer above 5 figures stays whole', 123456, 5, '123,456'],
    ['an averaged entry is cut to 5 figures', 4409.71234, 4, '4,409.7'],
    ['at most 6 − szDecimals decimals', 1.234567, 3, '1.235'],
    ['kPEPE-like tiny price (szDecimals 0)', 0.0123456, 0, '0.012346'],
    ['no padding zeros', 0.19, 0, '0.19'],
    ['rounding up to a whole number', 9.999996, 0, '10'],
  ])('%s', (_scenario, value, szDecimals, expected) => {
    expect(formatPrice(value, { szDecimals })).toBe(expected);
  });
});

describe('formatPrice without market data (a journal pair like DOGEUSDT)', () => {
  it.each([
    ['DOGE entry as typed', 0.1932, '0.1932'],
    ['DOGE stop', 0.1968, '0.1968'],
    ['DOGE target', 0.2076, '0.2076'],
    ['SOL 195 is not "195.0"', 195, '195'],
    ['ETH 4,409.7 is not "4,410"', 4409.7, '4,409.7'],
    ['a typed price keeps all its decimals up to 6', 64250.45, '64,250.45'],
    ['six decimals are kept', 0.123456, '0.123456'],
    ['a computed average gets 5 significant figures', 0.19323333333, '0.19323'],
    ['binary noise is not shown', 0.1 + 0.2, '0.3'],
    ['a tiny price beyond 6 decimals', 0.0000012345, '0.000001'],
    ['zero', 0, '0'],
    ['not a number', Number.NaN, '—'],
    ['infinity', Number.POSITIVE_INFINITY, '—'],
  ])('%s', (_scenario, value, expected) => {
    expect(formatPrice(value)).toBe(expected);
  });

  it('a typed price with up to 6 decimals reads back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 12 }), fc.integer({ min: 0, max: 6 }), (n, d) => {
        const typed = n / 10 ** d;
        expect(Number(formatPrice(typed).replaceAll(',', ''))).toBe(typed);
      }),
    );
  });
});

describe('roundPrice', () => {
  it('keeps at most 5 significant figures and 6 − szDecimals decimals', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-4, max: 1e5, noNaN: true }),
        fc.integer({ min: 0, max: 5 }),
        (value, szDecimals) => {
          const rounded = roundPrice(value, { szDecimals });
          const text = String(rounded);
          const decimals = text.split('.')[1]?.length ?? 0;
          expect(decimals).toBeLessThanOrEqual(6 - szDecimals);
          if (!Number.isInteger(rounded)) {
            expect(text.replace('.', '').replace(/^0+/, '').length).toBeLessThanOrEqual(5);
          }
          expect(Math.abs(rounded - value)).toBeLessThanOrEqual(
            Math.max(0.5 * 10 ** -(6 - szDecimals), Math.abs(value) * 5e-5) + 1e-12,
          );
        },
      ),
    );
  });
});

describe('marketPriceText', () => {
  const price = marketPriceText([
    { base: 'BTC', sizeDecimals: 5 },
    { base: 'ETH', sizeDecimals: 4 },
    { base: 'kPEPE', sizeDecimals: 0 },
    { base: 'NEW' },
  ]);
  it.each([
    ['an exchange symbol', 64250.4, 'BTC-USD', '64,250'],
    ['a journal pair', 4409.71234, 'ETHUSDT', '4,409.7'],
    ['a coin', 4409.71234, 'ETH', '4,409.7'],
    ['case is not a market', 0.0123456, 'KPEPE-USD', '0.012346'],
    ['a market without size decimals: as given', 4409.71234, 'NEW-USD', '4,409.71234'],
    ['a pair the list does not hold: as given', 0.1932, 'DOGEUSDT', '0.1932'],
  ])('%s', (_scenario, value, symbol, expected) => {
    expect(price(value, symbol)).toBe(expected);
  });
});
