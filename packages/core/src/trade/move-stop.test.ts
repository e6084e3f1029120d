import { describe, expect, it } from 'vitest';
import { moveStopError } from './move-stop.js';

const long = { isLong: true, stopLoss: 97_000 };
const short = { isLong: false, stopLoss: 3_100 };

describe('moveStopError', () => {
  it('lets a long stop move up between the original stop and the mark', () => {
    expect(moveStopError(long, 99_000, 100_000)).toBeNull();
  });

  it('refuses a long stop further away, or at or above the mark', () => {
    expect(moveStopError(long, 96_000, 100_000)).toBe(
      'A stop only moves toward profit: choose a price above the original stop of 97,000.',
    );
    expect(moveStopError(long, 97_000, 100_000)).toMatch(/above the original stop/);
    expect(moveStopError(long, 100_000, 100_000)).toBe(
      "A long's stop must be below the market price of 100,000: at or above it, it would close the position at once.",
    );
  });

  it('lets a short stop move down between the mark and the original stop, and no further', () => {
    expect(moveStopError(short, 3_000, 2_900)).toBeNull();
    expect(moveStopError(short, 3_200, 2_900)).toBe(
      'A stop only moves toward profit: choose a price below the original stop of 3,100.',
    );
    expect(moveStopError(short, 2_850, 2_900)).toMatch(
      /^A short's stop must be above the market price of 2,900/,
    );
  });
});
