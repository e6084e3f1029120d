import { describe, expect, it } from 'vitest';
import { formatSignedUsd } from './money.js';

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
