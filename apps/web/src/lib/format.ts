/**
 * The one module every screen formats numbers, money and times with. Numbers come from core
 * (SPEC.md section 9's display decimals, thousands separators, signed money), so the server's
 * messages, Discord signals and the screens agree.
 *
 * - prices and levels: formatPrice, at the market's precision ('4,409.7', '0.1932', '195'); on
 *   the trading page usePriceFormat (features/exchange) adds the market's szDecimals
 * - sizes and amounts that are not dollars (a fee in its coin): formatAmount ('0.5436' → '0.54')
 * - money held (balances, margin, order value): formatUsdCents ('$9,999.61')
 * - round amounts (account and trade size, limits): formatUsd ('$10,000', '$49.18')
 * - gains and losses: formatSignedUsd ('+$3,000.00'), formatSignedR ('+2.00R')
 * - ratios and percentages: formatRatio ('1.85'), formatPercent ('52.3%'),
 *   formatSignedPercent ('+4.20%')
 * - input fields: formatInputNumber ('64000', not '64000.0000')
 * - dates and times: formatDateTime ('28 Nov 2026, 12:51'), formatDate, formatTime, in the
 *   trader's zone (features/journal's useDateTimeFormat binds it), formatStamp for a column
 */
import { formatDate, formatTime, roundTo } from '@tb/core';

export {
  formatAmount,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatInputNumber,
  formatPercent,
  formatPrice,
  formatRatio,
  formatSignedPercent,
  formatSignedR,
  formatSignedUsd,
  formatTime,
  formatUsd,
  formatUsdCents,
} from '@tb/core';

/**
 * A size in coin units, exact to 8 decimals: a size is what a close order must match, so it is
 * not rounded to the display decimals of prices (0.00012 BTC stays 0.00012).
 */
export function formatSize(size: number): string {
  return Number.isFinite(size) ? String(roundTo(size, 8)) : '—';
}

/** 'up', 'down' or 'flat': the colour of a signed amount (the sign is also in the text). */
export function trend(value: number): 'up' | 'down' | 'flat' {
  if (!Number.isFinite(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

/**
 * Epoch ms as the product's date and time of day in `timeZone` (the trader's: pass
 * useTradingTimeZone's), apart so a narrow column can stack them ('28 Nov 2026' / '12:51');
 * null when not a time.
 */
export function formatStamp(
  ms: number,
  timeZone: string,
): { date: string; time: string; iso: string } | null {
  if (!Number.isFinite(ms)) return null;
  return {
    date: formatDate(ms, { timeZone }),
    time: formatTime(ms, { timeZone }),
    iso: new Date(ms).toISOString(),
  };
}

const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole count with thousands separators ('1,234'); '—' when not a number. */
export function formatCount(n: number): string {
  return Number.isFinite(n) ? countFormat.format(n) : '—';
}

function parseIso(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The UTC calendar day of an ISO time as a value ('2026-03-01'): a date input's value, the day
 * the admin's set-date works in. For reading, formatDate. '—' when missing or unreadable.
 */
export function formatUtcDay(iso: string | null | undefined): string {
  const date = parseIso(iso);
  return date ? date.toISOString().slice(0, 10) : '—';
}
