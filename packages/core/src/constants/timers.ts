/**
 * Durations of SPEC.md section 9, in milliseconds (DESIGN.md: resize debounce 250 ms
 * everywhere).
 */
export const TIMERS_MS = {
  /** Local lifetime of a session token. */
  tokenLifetime: 24 * 60 * 60 * 1000,
  /** Time-out of every API request. */
  request: 10_000,
  /** Time-out of the exchange balance fetch. */
  balance: 10_000,
  /** Delay before 'Did you touch some grass?'. */
  grassPrompt: 2_000,
  /** The navbar re-reads active widgets from browser storage this often. */
  widgetPoll: 1_000,
  /** How long a notification stays. */
  notification: 3_000,
  /** How long a signal notification stays. */
  signalNotification: 5_000,
  /** The chart script must load within this. */
  chartScript: 5_000,
  /** An empty chart container after this means the chart failed. */
  chartCheck: 3_000,
  /** Delay before the chart starts. */
  startDelay: 500,
  /** Debounce of layout recalculation on resize. */
  resizeDebounce: 250,
  /** Redirect after a successful password reset. */
  resetRedirect: 2_000,
  /** Script time-out of lazily loaded chunks. */
  chunkLoad: 120_000,
} as const;
