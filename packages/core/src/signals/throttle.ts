/** Minimum gap between two signals of one user, in milliseconds (SPEC.md section 9). */
export const SIGNAL_MIN_GAP_MS = 5_000;
/** Signals allowed per window. */
export const SIGNALS_PER_WINDOW = 10;
/** Length of the counting window, in milliseconds; the counter resets when it has passed. */
export const SIGNAL_WINDOW_MS = 60_000;

/** Per-user throttle memory; all times epoch milliseconds. */
export interface SignalThrottleState {
  /** When the last allowed signal went out; null before the first. */
  lastSentAt: number | null;
  /** When the current counting window opened; null before the first signal. */
  windowStart: number | null;
  /** Signals sent in the current window. */
  countInWindow: number;
}

/** The answer of {@link throttleSignal}. */
export interface ThrottleDecision {
  allowed: boolean;
  /** State to keep for the next call. */
  state: SignalThrottleState;
  /** When refused: milliseconds until a signal would be allowed; 0 when allowed. */
  retryAfterMs: number;
}

/** A throttle that has sent nothing yet. */
export function initialThrottleState(): SignalThrottleState {
  return { lastSentAt: null, windowStart: null, countInWindow: 0 };
}

/**
 * Decides whether a signal may go out at `now` (epoch ms): at least 5 s after the previous one
 * and at most 10 in the current 60 s window, which opens with the first signal after the
 * previous window has passed (SPEC.md section 9: the counter resets each 60 s). A refused
 * signal changes nothing. A clock that runs backwards counts as "too soon".
 */
export function throttleSignal(state: SignalThrottleState, now: number): ThrottleDecision {
  const windowOpen = state.windowStart !== null && now - state.windowStart < SIGNAL_WINDOW_MS;
  const count = windowOpen ? state.countInWindow : 0;
  const gapWait =
    state.lastSentAt === null ? 0 : Math.max(0, state.lastSentAt + SIGNAL_MIN_GAP_MS - now);
  const windowWait =
    windowOpen && count >= SIGNALS_PER_WINDOW
      ? (state.windowStart as number) + SIGNAL_WINDOW_MS - now
      : 0;
  const wait = Math.max(gapWait, windowWait);
  if (wait > 0) return { allowed: false, state, retryAfterMs: wait };
  return {
    allowed: true,
    state: {
      lastSentAt: now,
      windowStart: windowOpen ? (state.windowStart as number) : now,
      countInWindow: count + 1,
    },
    retryAfterMs: 0,
  };
}
