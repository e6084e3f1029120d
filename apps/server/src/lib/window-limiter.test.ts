import { describe, expect, it } from 'vitest';
import { WindowLimiter } from './window-limiter.js';

describe('WindowLimiter', () => {
  it('allows max hits per window, then refuses until the window ends', () => {
    const limiter = new WindowLimiter(3, 1000);
    expect([0, 1, 2, 3].map((t) => limiter.hit('k', t))).toEqual([true, true, true, false]);
    expect(limiter.hit('k', 999)).toBe(false);
    expect(limiter.hit('k', 1000)).toBe(true);
  });

  it('counts keys apart and forgets a key on reset', () => {
    const limiter = new WindowLimiter(1, 1000);
    expect(limiter.hit('a', 0)).toBe(true);
    expect(limiter.hit('b', 0)).toBe(true);
    expect(limiter.hit('a', 1)).toBe(false);
    limiter.reset('a');
    expect(limiter.hit('a', 2)).toBe(true);
  });
});
