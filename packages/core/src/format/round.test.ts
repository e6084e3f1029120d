import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundTo } from './round.js';

describe('roundTo', () => {
  it.each([
    ['half rounds up on the decimal digits', 1.005, 2, 1.01],
    ['half rounds away from zero for negatives', -1.005, 2, -1.01],
    ['four decimals for a target', 104.12345, 4, 104.1235],
    ['whole numbers', 2.5, 0, 3],
    ['tiny values in exponent form', 1.23456e-7, 9, 1.23e-7],
    ['negative rounding to zero gives plain zero', -0.00001, 2, 0],
    ['zero stays zero', 0, 4, 0],
  ])('%s', (_scenario, value, decimals, expected) => {
    expect(roundTo(value, decimals)).toBe(expected);
  });

  it('returns non-finite values unchanged', () => {
    expect(roundTo(Number.NaN, 2)).toBeNaN();
    expect(roundTo(Number.POSITIVE_INFINITY, 2)).toBe(Number.POSITIVE_INFINITY);
  });

  it('throws on a programmer error in the decimals', () => {
    expect(() => roundTo(1, -1)).toThrow(RangeError);
    expect(() => roundTo(1, 1.5)).toThrow(RangeError);
  });

  it('is within half a unit of the last place and idempotent', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.integer({ min: 0, max: 8 }),
        (value, d) => {
          const rounded = roundTo(value, d);
          expect(Math.abs(rounded - value)).toBeLessThanOrEqual(
            0.5 * 10 ** -d + Math.abs(value) * 1e-15,
          );
          expect(roundTo(rounded, d)).toBe(rounded);
        },
      ),
    );
  });
});
