import { roundTo } from './round.js';

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
 * A gain or loss: dollars with an explicit sign, thousands separators and 2 decimals, as the
 * leaderboard shows gain (SPEC.md section 9): 12.5 -> '+$12.50', -3000 -> '-$3,000.00'. Zero
 * (including anything that rounds to 0.00) shows as '$0.00'; non-finite values as '—'.
 *
 * @param amountUsd amount in US dollars; positive is a gain, negative a loss.
 */
export function formatSignedUsd(amountUsd: number): string {
  if (!Number.isFinite(amountUsd)) return '—';
  const rounded = roundTo(amountUsd, 2);
  if (rounded === 0) return '$0.00';
  return `${rounded > 0 ? '+' : '-'}${usdFormatter.format(Math.abs(rounded))}`;
}

/**
 * An amount of money held (balance, margin, order value): dollars with thousands separators
 * and always 2 decimals: 9999.612407 -> '$9,999.61', -3.456 -> '-$3.46'; '—' when not finite.
 */
export function formatUsdCents(amountUsd: number): string {
  if (!Number.isFinite(amountUsd)) return '—';
  const rounded = roundTo(amountUsd, 2);
  return usdFormatter.format(rounded === 0 ? 0 : rounded);
}

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

/**
 * A percentage with its sign and `decimals` places: 4.2 -> '+4.20%', -0.5 -> '-0.50%', 0 ->
 * '0.00%'; '—' when not finite.
 */
export function formatSignedPercent(percent: number, decimals = 2): string {
  if (!Number.isFinite(percent)) return '—';
  const text = Math.abs(percent).toFixed(decimals);
  if (Number(text) === 0) return `${text}%`;
  return `${percent > 0 ? '+' : '-'}${text}%`;
}

/** A percentage with `decimals` places (winrate: one, SPEC.md section 9): 52.345 -> '52.3%'. */
export function formatPercent(percent: number, decimals = 1): string {
  if (!Number.isFinite(percent)) return '—';
  const text = roundTo(percent, decimals).toFixed(decimals);
  return `${/^-0(\.0+)?$/.test(text) ? text.slice(1) : text}%`;
}
