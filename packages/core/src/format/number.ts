import { roundTo } from './round.js';

/**
 * Decimal places for showing a price or amount (SPEC.md section 9): 0 at 1000 or more, 1 at 10
 * or more, 2 at 0.1 or more, else 4. Decided on the absolute value, so -1500 shows like 1500.
 */
export function displayDecimals(value: number): 0 | 1 | 2 | 4 {
  const size = Math.abs(value);
  if (size >= 1000) return 0;
  if (size >= 10) return 1;
  if (size >= 0.1) return 2;
  return 4;
}

/**
 * A number as the product shows it: {@link displayDecimals} places, sign kept, no thousands
 * separators (e.g. 64250.4 -> '64250', -12.345 -> '-12.3', 0.05 -> '0.0500').
 * Non-finite values show as '—'. A value that rounds to zero shows without a minus sign.
 */
export function formatDisplayNumber(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const decimals = displayDecimals(value);
  return roundTo(value, decimals).toFixed(decimals);
}

/**
 * A ratio of the reports (profit factor, payoff ratio, SQN) with 2 decimals: 1.849 -> '1.85',
 * 0.05 -> '0.05', 12.3 -> '12.30'. A value that rounds to zero shows as '0.00'; non-finite as '—'.
 */
export function formatRatio(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const text = roundTo(value, 2).toFixed(2);
  return text === '-0.00' ? '0.00' : text;
}

const amountFormats = new Map<number, Intl.NumberFormat>();

/**
 * A size or amount that is not money (a fee in its coin, a quantity) with thousands separators
 * and the product's display decimals (SPEC.md section 9): 61012.4 -> '61,012', 25.55 -> '25.6',
 * 0.05 -> '0.0500'; '—' when not finite. Prices use formatPrice (the market's precision).
 */
export function formatAmount(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const decimals = displayDecimals(value);
  let format = amountFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    amountFormats.set(decimals, format);
  }
  const text = format.format(value);
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/**
 * A number for an input field: at most `maxDecimals` places and no trailing zeros, no
 * thousands separators (a person edits it): 64000 -> '64000', 3100.25 -> '3100.25',
 * 0.123456 -> '0.1235'. Targets are kept to 4 decimals (SPEC.md section 9) and shown so, not as
 * '64000.0000'. '' when not finite.
 */
export function formatInputNumber(value: number, maxDecimals = 4): string {
  if (!Number.isFinite(value)) return '';
  const text = roundTo(value, maxDecimals).toFixed(maxDecimals);
  const trimmed = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  return trimmed === '-0' ? '0' : trimmed;
}
