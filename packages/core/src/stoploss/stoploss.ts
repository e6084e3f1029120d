/** Stoploss closes allowed per trading day before the session ends (SPEC.md section 9). */
export const MAX_STOPLOSS_PER_DAY = 3;
/** Default number of trades per trading day (SPEC.md section 3). */
export const DEFAULT_MAX_TRADES_PER_DAY = 3;
/** Default daily loss limit in dollars (SPEC.md section 3). */
export const DEFAULT_MAX_DAILY_LOSS_USD = 500;
/** Delay before the grass question appears on the ended counter, in milliseconds. */
export const GRASS_PROMPT_DELAY_MS = 2_000;

/** Texts of the stoploss counter (SPEC.md sections 4 and 8). */
export const stoplossTexts = {
  sessionEndedHover: 'Session ended, come back later',
  grassPrompt: 'Did you touch some grass?',
  sessionEndedAlert:
    'You have reached the maximum number of stoploss trades for today. Take a break and come back tomorrow!',
} as const;

/** The counter text: 'No SL taken', '1 SL taken', '2 SL taken', then 'Session ended' at 3+. */
export function stoplossLabel(slTaken: number): string {
  if (isSessionEnded(slTaken)) return 'Session ended';
  const count = Math.max(0, Math.floor(slTaken));
  return count === 0 || !Number.isFinite(count) ? 'No SL taken' : `${count} SL taken`;
}

/** Whether the stoploss counter has reached 3 and the day's session is over. */
export function isSessionEnded(slTaken: number): boolean {
  return slTaken >= MAX_STOPLOSS_PER_DAY;
}
