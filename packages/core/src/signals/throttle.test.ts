import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialThrottleState, throttleSignal, type SignalThrottleState } from './throttle.js';

const T0 = 1_700_000_000_000;

function sendAll(times: number[]): { allowed: number[]; refused: number[] } {
  let state: SignalThrottleState = initialThrottleState();
  const allowed: number[] = [];
  const refused: number[] = [];
  for (const t of times) {
    const decision = throttleSignal(state, t);
    state = decision.state;
    (decision.allowed ? allowed : refused).push(t);
  }
  return { allowed, refused };
}

describe('throttleSignal', () => {
  it('lets the first signal through and opens a window', () => {
    expect(throttleSignal(initialThrottleState(), T0)).toEqual({
      allowed: true,
      state: { lastSentAt: T0, windowStart: T0, countInWindow: 1 },
      retryAfterMs: 0,
    });
  });

  it.each([
    ['4.999 s after the last signal: refused', 4_999, false, 1],
    ['5 s after the last signal: allowed', 5_000, true, 0],
  ])('%s', (_scenario, gap, allowed, retry) => {
    const first = throttleSignal(initialThrottleState(), T0).state;
    const decision = throttleSignal(first, T0 + gap);
    expect(decision.allowed).toBe(allowed);
    expect(decision.retryAfterMs).toBe(retry);
    if (!allowed) expect(decision.state).toBe(first);
  });

  it('allows 10 signals in a minute, refuses the 11th, and allows again when the minute is over', () => {
    const every5s = Array.from({ length: 12 }, (_, i) => T0 + i * 5_000);
    const { allowed, refused } = sendAll([...every5s, T0 + 60_000]);
    expect(allowed).toHaveLength(11);
    expect(refused).toEqual([T0 + 50_000, T0 + 55_000]);
    expect(allowed.at(-1)).toBe(T0 + 60_000);
  });

  it('tells how long to wait when the window is full', () => {
    let state = initialThrottleState();
    for (let i = 0; i < 10; i += 1) state = throttleSignal(state, T0 + i * 5_000).state;
    expect(throttleSignal(state, T0 + 50_000).retryAfterMs).toBe(10_000);
  });

  it('treats a clock that runs backwards as too soon', () => {
    const first = throttleSignal(initialThrottleState(), T0).state;
    expect(throttleSignal(first, T0 - 1_000).allowed).toBe(false);
  });

  it('never lets two signals within 5 s, nor more than 10 in one window', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20_000 }), { maxLength: 80 }), (gaps) => {
        let t = T0;
        const times = gaps.map((gap) => (t += gap));
        const { allowed } = sendAll(times);
        for (let i = 1; i < allowed.length; i += 1) {
          expect((allowed[i] as number) - (allowed[i - 1] as number)).toBeGreaterThanOrEqual(5_000);
        }
        let windowStart = Number.NEGATIVE_INFINITY;
        let count = 0;
        for (const sent of allowed) {
          if (sent - windowStart >= 60_000) {
            windowStart = sent;
            count = 0;
          }
          count += 1;
          expect(count).toBeLessThanOrEqual(10);
        }
      }),
    );
  });
});
