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

const usdFormatter = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeUsdFormatter = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/**
 * Dollars with thousands separators: whole amounts without cents ('$1,000', '$500'), others
 * with 2 decimals ('$49.18', '-$180.50'); non-finite values as '—'.
 *
 * @param amountUsd amount in US dollars.
 */
export function formatUsd(amountUsd: number): string {
  if (!Number.isFinite(amountUsd)) return '—';
  const rounded = roundTo(amountUsd, 2);
  if (rounded === 0) return '$0';
  return Number.isInteger(rounded)
    ? wholeUsdFormatter.format(rounded)
    : usdFormatter.format(rounded);
}
