import { describe, expect, it } from 'vitest';
import { formatSignedR } from './r-multiple.js';

describe('formatSignedR', () => {
  it.each([
    ['a win at the target', 3, '+3.00R'],
    ['a stoploss', -1, '-1.00R'],
    ['rounds to two decimals', 1.23456, '+1.23R'],
    ['nearly zero has no sign', -0.001, '0.00R'],
    ['not a number', Number.NaN, '—'],
  ])('%s', (_scenario, value, expected) => {
    expect(formatSignedR(value)).toBe(expected);
  });
});
