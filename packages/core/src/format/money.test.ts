import { describe, expect, it } from 'vitest';
import { formatSignedUsd, formatUsd } from './money.js';

describe('formatSignedUsd', () => {
  it.each([
    ['a gain', 12.5, '+$12.50'],
    ['a loss', -3, '-$3.00'],
    ['rounding half up on cents', 1.005, '+$1.01'],
    ['a large gain has no separators', 12345.678, '+$12345.68'],
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
