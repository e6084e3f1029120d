import { describe, expect, it } from 'vitest';
import { fullReadMs, sweepLimit, sweepMs } from './sweep.js';

const MINUTE = 60_000;

describe('the slow sweep keeps to its part of the weight budget', () => {
  it('looks at positions every minute up to 100 connections, every 10 minutes from 1,000', () => {
    expect(sweepMs(1)).toBe(MINUTE);
    expect(sweepMs(100)).toBe(MINUTE);
    expect(sweepMs(500)).toBe(5 * MINUTE);
    expect(sweepMs(1_000)).toBe(10 * MINUTE);
    expect(sweepMs(5_000)).toBe(10 * MINUTE);
    // 2 weight a look: 200 a minute at most up to 1,000 connections.
    for (const n of [10, 100, 400, 1_000])
      expect((n * 2 * MINUTE) / sweepMs(n)).toBeLessThanOrEqual(200);
  });

  it('reads unchanged accounts every 10 minutes to 2 hours', () => {
    expect(fullReadMs(10)).toBe(10 * MINUTE);
    expect(fullReadMs(1_000)).toBe(Math.round((1_000 * 20 * MINUTE) / 300));
    expect(fullReadMs(100_000)).toBe(120 * MINUTE);
  });

  it('a pass takes its share of the period: spread out, at least one', () => {
    expect(sweepLimit(1_000, 1_000)).toBe(2); // 1,000 in 600 passes of 1 s
    expect(sweepLimit(10, 1_000)).toBe(1);
    expect(sweepLimit(100, MINUTE)).toBe(100);
    expect(sweepLimit(100, -5)).toBe(1);
  });
});
