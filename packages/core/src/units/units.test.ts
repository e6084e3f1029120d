import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { price, rMultiple, sumR, sumUsd, usd } from './units.js';

describe('usd', () => {
  it.each([
    ['keeps micro-dollars', 49.18032786885246, 49.180328],
    ['rounds half away from zero', -0.0000005, -0.000001],
    ['has no negative zero', -0.0000001, 0],
    ['keeps whole dollars', 1000, 1000],
  ])('%s', (_scenario, value, expected) => {
    expect(Object.is(usd(value), expected)).toBe(true);
  });

  it('refuses what is not a number (programmer error)', () => {
    expect(() => usd(Number.NaN)).toThrow(RangeError);
    expect(() => price(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => rMultiple(Number.NaN)).toThrow(RangeError);
  });
});

describe('sumUsd', () => {
  it('adds without float drift', () => {
    expect(sumUsd([0.1, 0.2])).toBe(0.3);
    expect(sumUsd([-180.5, 60.25])).toBe(-120.25);
    expect(sumUsd(Array.from({ length: 1000 }, () => 0.01))).toBe(10);
    expect(sumUsd([])).toBe(0);
  });

  it('equals the exact decimal sum of micro-dollar amounts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e9, max: 1e9 }), { maxLength: 50 }), (micros) => {
        const exact = micros.reduce((a, b) => a + b, 0) / 1e6;
        expect(sumUsd(micros.map((m) => m / 1e6))).toBe(usd(exact));
      }),
    );
  });
});

describe('sumR', () => {
  it('adds R-multiples exactly', () => {
    expect(sumR([3, -1, -1, 0.1, 0.2])).toBe(1.3);
  });
});
