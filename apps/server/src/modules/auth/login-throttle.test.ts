import { describe, expect, it } from 'vitest';
import {
  LOGIN_THROTTLE_DEFAULTS,
  MemoryLoginThrottle,
  delayAfter,
  type LoginThrottleOptions,
} from './login-throttle.js';

describe('login throttle', () => {
  /** A throttle on a clock fixed at noon that only `advance` (or `fail`) moves. */
  const setup = (opts: Partial<LoginThrottleOptions> = {}) => {
    let nowMs = Date.parse('2026-03-10T12:00:00Z');
    const clock = { advance: (ms: number) => void (nowMs += ms) };
    const throttle = new MemoryLoginThrottle(() => new Date(nowMs), opts);
    /** `times` failed checks of `account` from `ip`, each after waiting out its wait. */
    const fail = async (account: string, ip: string, times = 1) => {
      for (let i = 0; i < times; i++) {
        const { waitMs } = await throttle.begin(account, ip);
        if (waitMs === 0) continue;
        clock.advance(waitMs);
        expect((await throttle.begin(account, ip)).ticket).toBeDefined();
      }
    };
    return { clock, throttle, fail };
  };
  const waitOf = async (throttle: MemoryLoginThrottle, account: string, ip: string) =>
    (await throttle.begin(account, ip)).waitMs;

  it('waits 1 s after 5 failures from one address, doubling up to a minute', () => {
    const waits = Array.from({ length: 14 }, (_, n) =>
      delayAfter(n, LOGIN_THROTTLE_DEFAULTS.perClient),
    );
    expect(waits).toEqual([
      0, 0, 0, 0, 0, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
    expect(delayAfter(5_000, LOGIN_THROTTLE_DEFAULTS.perClient)).toBe(60_000);
    expect(LOGIN_THROTTLE_DEFAULTS.accountCeiling).toBe(100);
  });

  it('lets exactly the free attempts of a concurrent burst through', async () => {
    const { throttle } = setup();
    const starts = await Promise.all(Array.from({ length: 40 }, () => throttle.begin('a', 'ip1')));
    expect(starts.filter((s) => s.ticket).length).toBe(5);
    expect(starts.filter((s) => s.waitMs === 1_000).length).toBe(35);
  });

  it('counts the wait from the last failure, per account and address', async () => {
    const { clock, throttle, fail } = setup();
    await fail('a', 'ip1', 7);
    expect(await waitOf(throttle, 'a', 'ip1')).toBe(4_000);
    // Asking while waiting counts nothing.
    expect(await waitOf(throttle, 'a', 'ip1')).toBe(4_000);
    expect(await waitOf(throttle, 'b', 'ip1')).toBe(0);
    expect(await waitOf(throttle, 'a', 'ip2')).toBe(0);
    clock.advance(3_000);
    expect(await waitOf(throttle, 'a', 'ip1')).toBe(1_000);
    clock.advance(1_000);
    expect(await waitOf(throttle, 'a', 'ip1')).toBe(0);
  });

  it('on success forgets the failures at that address', async () => {
    const { throttle, fail } = setup();
    await fail('a', 'owner', 4);
    const start = await throttle.begin('a', 'owner');
    await throttle.succeeded(start.ticket!);
    // Five more free failures at the owner's address: the earlier four are forgotten.
    await fail('a', 'owner', 5);
    expect(await waitOf(throttle, 'a', 'owner')).toBe(1_000);
  });

  const stepUpOf = async (throttle: MemoryLoginThrottle, account: string, ip: string) =>
    (await throttle.begin(account, ip)).stepUp ?? false;

  it('past the account-wide ceiling asks an untrusted address for a step-up, never a wall', async () => {
    const { throttle, fail } = setup();
    for (let i = 0; i < 100; i++) await fail('a', `ip${i % 20}`);
    // Any address, the owner's too: a step-up, counting nothing (asked twice, same answer).
    expect(await stepUpOf(throttle, 'a', 'owner')).toBe(true);
    expect(await stepUpOf(throttle, 'a', 'owner')).toBe(true);
    // A trusted sign-in (a known device, a mailed code) goes ahead: only its own address counts.
    const trusted = await throttle.begin('a', 'owner', true);
    expect(trusted.ticket).toBeDefined();
    // Other accounts are not touched.
    expect(await stepUpOf(throttle, 'b', 'owner')).toBe(false);
  });

  it('keeps the account-wide count of other addresses when the owner signs in', async () => {
    const { clock, throttle, fail } = setup();
    for (let i = 0; i < 99; i++) await fail('a', `ip${i % 20}`);
    const start = await throttle.begin('a', 'owner');
    await throttle.succeeded(start.ticket!);
    // 99 failures stand: one more costs nothing, the next one needs a step-up.
    await fail('a', 'ip-x');
    expect(await stepUpOf(throttle, 'a', 'ip-y')).toBe(true);
    // A ticket from an earlier window takes nothing off the current one.
    clock.advance(15 * 60_000);
    const old = await throttle.begin('a', 'owner');
    clock.advance(15 * 60_000);
    for (let i = 0; i < 100; i++) await fail('a', `ip${i % 20}`);
    await throttle.succeeded(old.ticket!);
    expect(await stepUpOf(throttle, 'a', 'ip-y')).toBe(true);
    // The ceiling counts in 15-minute windows.
    clock.advance(15 * 60_000);
    expect(await stepUpOf(throttle, 'a', 'ip-y')).toBe(false);
  });

  it('forgets an address after 15 quiet minutes', async () => {
    const { clock, throttle, fail } = setup();
    await fail('a', 'ip1', 6);
    clock.advance(15 * 60_000);
    expect(await waitOf(throttle, 'a', 'ip1')).toBe(0);
    // Forgotten, so counting starts again: that was one of five free failures.
    await fail('a', 'ip1', 4);
    expect(await waitOf(throttle, 'a', 'ip1')).toBe(1_000);
  });

  it('remembers at most maxKeys keys, dropping the oldest first', async () => {
    const free0 = { freeFailures: 0, firstDelayMs: 1_000, maxDelayMs: 60_000 };
    const { clock, throttle, fail } = setup({
      maxKeys: 2,
      perClient: free0,
      accountCeiling: 1_000,
    });
    for (const account of ['a', 'b', 'c']) {
      await fail(account, 'ip1');
      clock.advance(10);
    }
    expect(await waitOf(throttle, 'b', 'ip1')).toBeGreaterThan(0);
    expect(await waitOf(throttle, 'c', 'ip1')).toBeGreaterThan(0);
    expect(await waitOf(throttle, 'a', 'ip1')).toBe(0);
  });
});
