import { roundTo } from './round.js';

/**
 * Dollars with an explicit sign and 2 decimals, as the leaderboard shows gain (SPEC.md
 * section 9): 12.5 -> '+$12.50', -3 -> '-$3.00'. Zero (including anything that rounds to
 * 0.00) shows as '$0.00'; non-finite values as '—'.
 *
 * @param amountUsd amount in US dollars; positive is a gain, negative a loss.
 */
export function formatSignedUsd(amountUsd: number): string {
  if (!Number.isFinite(amountUsd)) return '—';
  const rounded = roundTo(amountUsd, 2);
  if (rounded === 0) return '$0.00';
  return `${rounded > 0 ? '+' : '-'}$${Math.abs(rounded).toFixed(2)}`;
}
