import { describe, expect, it } from 'vitest';
import {
  formatPercent,
  formatSignedPercent,
  formatSignedUsd,
  formatUsd,
  formatUsdCents,
} from './money.js';

describe('formatSignedUsd', () => {
  it.each([
    ['a gain', 12.5, '+$12.50'],
    ['a loss', -3, '-$3.00'],
    ['rounding half up on cents', 1.005, '+$1.01'],
    ['a large gain with separators', 12345.678, '+$12,345.68'],
    ['a large loss', -3000, '-$3,000.00'],
    ['zero has no sign', 0, '$0.00'],
    ['a loss that rounds to zero has no sign', -0.004, '$0.00'],
    ['not a number', Number.NaN, '—'],
  ])('%s', (_scenario, value, expected) => {
    expect(formatSignedUsd(value)).toBe(expected);
  });
});

describe('formatUsd', () => {
  it.each([
    ['whole dollars without cents', 1000, '$1,000'],
    ['cents when there are some', 49.180328, '$49.18'],
    ['a loss', -180.5, '-$180.50'],
    ['zero', -0.001, '$0'],
    ['not a number', Number.NaN, '—'],
  ])('%s', (_scenario, value, expected) => {
    expect(formatUsd(value)).toBe(expected);
  });
});

describe('formatUsdCents', () => {
  it.each([
    ['a raw paper balance', 9999.612407, '$9,999.61'],
    ['whole dollars keep their cents', 10000, '$10,000.00'],
    ['a loss', -3.456, '-$3.46'],
    ['a loss that rounds to zero', -0.001, '$0.00'],
    ['not a number', Number.POSITIVE_INFINITY, '—'],
  ])('%s', (_scenario, value, expected) => {
    expect(formatUsdCents(value)).toBe(expected);
  });
});

describe('formatSignedPercent and formatPercent', () => {
  it.each([
    [4.2, '+4.20%'],
    [-0.5, '-0.50%'],
    [0, '0.00%'],
    [-0.001, '0.00%'],
    [Number.NaN, '—'],
  ])('signed %s', (value, expected) => {
    expect(formatSignedPercent(value)).toBe(expected);
  });
  it.each([
    [52.345, '52.3%'],
    [100, '100.0%'],
    [-0.01, '0.0%'],
    [Number.NaN, '—'],
  ])('plain %s', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });
});
