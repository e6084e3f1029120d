/** A risk tier: the R/R (reward as a multiple of risk) the board score allows, 1 to 5. */
export type RiskTier = 1 | 2 | 3 | 4 | 5;

/** Highest score the risk widget counts to; at this score it shows BINGO (SPEC.md section 9). */
export const MAX_SCORE = 20;
/** Score at which the animated BINGO shows. */
export const BINGO_SCORE = 20;
/** Hidden tooltip of the BINGO animation. */
export const BINGO_TOOLTIP = '5R/R Maximum risk allowed!';
/** R/R when no tier box is reached. */
export const BASE_RISK_REWARD = 1;

/** One of the three tier boxes of the risk widget: '6/20 = 2R/R' and so on. */
export interface TierBox {
  /** Score from which the box is lit. */
  minScore: number;
  tier: RiskTier;
  /** Text of the box, e.g. '2R/R'. */
  label: string;
}

/** The three tier boxes at scores 6, 11 and 16 (SPEC.md section 2). */
export const TIER_BOXES: readonly TierBox[] = [
  { minScore: 6, tier: 2, label: '2R/R' },
  { minScore: 11, tier: 3, label: '3R/R' },
  { minScore: 16, tier: 4, label: '4R/R' },
];

/**
 * The R/R tier of a board score (SPEC.md section 4): below 6 → 1, 6–10 → 2, 11–15 → 3,
 * 16–19 → 4, 20 or more → 5. Scores are sums of points, so fractions fall into the tier
 * below the next threshold (10.5 → 2). NaN counts as 0.
 */
export function riskTierFromScore(score: number): RiskTier {
  if (score >= 20) return 5;
  if (score >= 16) return 4;
  if (score >= 11) return 3;
  if (score >= 6) return 2;
  return BASE_RISK_REWARD;
}

/** Whether the score reaches BINGO (20 or more). */
export function isBingo(score: number): boolean {
  return score >= BINGO_SCORE;
}

/** Whether a tier box is lit at this score. */
export function isTierBoxReached(score: number, box: TierBox): boolean {
  return score >= box.minScore;
}

/** The score as shown in the widget, 'score/20', e.g. '7/20'. */
export function formatScore(score: number): string {
  const shown = Number.isFinite(score) ? Math.round(score * 100) / 100 : 0;
  return `${shown}/${MAX_SCORE}`;
}
