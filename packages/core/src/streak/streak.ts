/** Lowest and highest streak level (SPEC.md section 9). */
export const STREAK_MIN = -3;
export const STREAK_MAX = 3;

/** A streak level, −3 (three losses in a row or worse) to 3 (three wins or better). */
export type StreakLevel = -3 | -2 | -1 | 0 | 1 | 2 | 3;

/** The label of every streak level (SPEC.md section 4). */
export const STREAK_LABELS: Readonly<Record<StreakLevel, string>> = {
  [-3]: 'Go touch some GRASS',
  [-2]: 'Cold streak',
  [-1]: 'Malus streak',
  0: 'Normal trade',
  1: 'Bonus streak',
  2: 'HOT streak',
  3: 'COOKING',
};

/** Base trade-size percentage at streak 0, and the step per level, in percent. */
export const BASE_PERCENTAGE = 10;
export const PERCENTAGE_PER_LEVEL = 2;
/** Bar fill at level 0 and per level, in percent of the bar (SPEC.md section 4). */
export const BAR_FILL_BASE_PCT = 50;
export const BAR_FILL_PER_LEVEL_PCT = 16.67;

/** Rounds to a whole number and clamps to −3..3. Non-finite input is treated as 0. */
export function clampStreak(streak: number): StreakLevel {
  if (!Number.isFinite(streak)) return 0;
  const level = Math.min(STREAK_MAX, Math.max(STREAK_MIN, Math.round(streak)));
  return (level === 0 ? 0 : level) as StreakLevel;
}

/** The label of a streak, after {@link clampStreak}. */
export function streakLabel(streak: number): string {
  return STREAK_LABELS[clampStreak(streak)];
}

/**
 * Suggested trade size as a percentage of the account: `10 + 2 × streak` (4 % at −3, 16 % at
 * +3). The streak is clamped first.
 */
export function streakPercentage(streak: number): number {
  return BASE_PERCENTAGE + PERCENTAGE_PER_LEVEL * clampStreak(streak);
}

/**
 * How full the streak bar is, in percent: `50 + 16.67 × level`, 2 decimals, kept within
 * 0..100 (the formula gives −0.01 at −3 and 100.01 at +3).
 */
export function streakBarFillPct(streak: number): number {
  const fill =
    Math.round((BAR_FILL_BASE_PCT + BAR_FILL_PER_LEVEL_PCT * clampStreak(streak)) * 100) / 100;
  return Math.min(100, Math.max(0, fill));
}

/** The streak after a closed trade: a win +1, a loss −1, clamped to −3..3 (DESIGN.md). */
export function applyOutcomeToStreak(streak: number, outcome: 'win' | 'loss'): StreakLevel {
  return clampStreak(clampStreak(streak) + (outcome === 'win' ? 1 : -1));
}
