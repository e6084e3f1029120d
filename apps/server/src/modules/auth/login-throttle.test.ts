import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE_DEFAULTS, MemoryLoginThrottle, delayAfter } from './login-throttle.js';

describe('login throttle', () => {
  /** A throttle on a clock fixed at noon that only `advance` moves. */
  const setup = (opts = {}) => {
    let nowMs = Date.parse('2026-03-10T12:00:00Z');
    const clock = { advance: (ms: number) => void (nowMs += ms) };
    return { clock, throttle: new MemoryLoginThrottle(() => new Date(nowMs), opts) };
  };
  const fail = async (throttle: MemoryLoginThrottle, key: string, times: number) => {
    for (let i = 0; i < times; i++) await throttle.recordFailure(key);
  };

  it('waits 1 s after 5 failures, doubling up to a minute', () => {
    const waits = Array.from({ length: 14 }, (_, n) => delayAfter(n, LOGIN_THROTTLE_DEFAULTS));
    expect(waits).toEqual([
      0, 0, 0, 0, 0, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
    expect(delayAfter(5_000, LOGIN_THROTTLE_DEFAULTS)).toBe(60_000);
  });

  it('counts the wait from the last failure, per key', async () => {
    const { clock, throttle } = setup();
    await fail(throttle, 'a', 7);
    expect(await throttle.waitMs('a')).toBe(4_000);
    expect(await throttle.waitMs('b')).toBe(0);
    clock.advance(3_000);
    expect(await throttle.waitMs('a')).toBe(1_000);
    clock.advance(1_000);
    expect(await throttle.waitMs('a')).toBe(0);
  });

  it('forgets a key on reset and after 15 quiet minutes', async () => {
    const { clock, throttle } = setup();
    await fail(throttle, 'a', 6);
    await throttle.reset('a');
    expect(await throttle.waitMs('a')).toBe(0);
    await fail(throttle, 'a', 6);
    clock.advance(15 * 60_000);
    expect(await throttle.waitMs('a')).toBe(0);
    // Forgotten, so counting starts again: five more failures still cost no wait.
    await fail(throttle, 'a', 5);
    expect(await throttle.waitMs('a')).toBe(1_000);
  });

  it('remembers at most maxKeys keys, dropping the oldest first', async () => {
    const { clock, throttle } = setup({ maxKeys: 2, freeFailures: 0 });
    for (const key of ['a', 'b', 'c']) {
      await throttle.recordFailure(key);
      clock.advance(10);
    }
    expect(await throttle.waitMs('a')).toBe(0);
    expect(await throttle.waitMs('b')).toBeGreaterThan(0);
    expect(await throttle.waitMs('c')).toBeGreaterThan(0);
  });
});
