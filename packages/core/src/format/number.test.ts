import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  displayDecimals,
  formatDisplayNumber,
  formatInputNumber,
  formatAmount,
  formatRatio,
} from './number.js';

describe('displayDecimals', () => {
  it.each([
    ['1000 or more: none', 1000, 0],
    ['just under 1000: one', 999.99, 1],
    ['10 or more: one', 10, 1],
    ['0.1 or more: two', 0.1, 2],
    ['below 0.1: four', 0.0999, 4],
    ['zero: four', 0, 4],
    ['negative thousands decided on the absolute value', -2500, 0],
    ['negative cents', -0.5, 2],
  ])('%s', (_scenario, value, expected) => {
    expect(displayDecimals(value)).toBe(expected);
  });
});

describe('formatDisplayNumber', () => {
  it.each([
    ['bitcoin price', 64250.4, '64250'],
    ['ether price', 3456.78, '3457'],
    ['a two-digit amount', 12.345, '12.3'],
    ['a dollar amount', 1.5, '1.50'],
    ['a small coin', 0.0123456, '0.0123'],
    ['a loss keeps its sign', -12.34, '-12.3'],
    ['a tiny loss that rounds to zero has no minus', -0.00001, '0.0000'],
    ['not a number', Number.NaN, '—'],
  ])('%s', (_scenario, value, expected) => {
    expect(formatDisplayNumber(value)).toBe(expected);
  });

  it('reads back within half a unit of the shown decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), (value) => {
        const shown = formatDisplayNumber(value);
        const decimals = displayDecimals(value);
        expect(Math.abs(Number(shown) - value)).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);
        expect(shown.split('.')[1]?.length ?? 0).toBe(decimals);
      }),
    );
  });
});

describe('formatRatio', () => {
  it.each([
    [1.849, '1.85'],
    [0.05, '0.05'],
    [12.3, '12.30'],
    [-0.4, '-0.40'],
    [-0.001, '0.00'],
    [Number.POSITIVE_INFINITY, '—'],
  ])('%s -> %s', (value, text) => {
    expect(formatRatio(value)).toBe(text);
  });
});

describe('formatAmount', () => {
  it('formats sizes and amounts with separators and the display decimals', () => {
    expect(formatAmount(61_000)).toBe('61,000');
    expect(formatAmount(61_012.4)).toBe('61,012');
    expect(formatAmount(25.55)).toBe('25.6');
    expect(formatAmount(0.05)).toBe('0.0500');
    expect(formatAmount(-0.00001)).toBe('0.0000');
    expect(formatAmount(Number.NaN)).toBe('—');
  });
});

describe('formatInputNumber', () => {
  it.each([
    [64000, '64000'],
    [3100.25, '3100.25'],
    [0.123456, '0.1235'],
    [-2.5, '-2.5'],
    [-0.00001, '0'],
    [Number.NaN, ''],
  ])('%s', (value, expected) => {
    expect(formatInputNumber(value)).toBe(expected);
  });
});
