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
 */
import { roundTo } from '@tb/core';

export {
  formatAmount,
  formatInputNumber,
  formatPercent,
  formatPrice,
  formatRatio,
  formatSignedPercent,
  formatSignedR,
  formatSignedUsd,
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

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A calendar day as a person reads it ('Feb 1, 2026'); '—' when missing or unreadable. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dayFormat.format(date);
}

const stampFormats = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/**
 * Epoch ms as date and time of day, in `timeZone` (the trader's) or the browser's, apart so a
 * narrow column can stack them; null when not a time.
 */
export function formatStamp(
  ms: number,
  timeZone?: string,
): { date: string; time: string; iso: string } | null {
  if (!Number.isFinite(ms)) return null;
  const key = timeZone ?? '';
  let found = stampFormats.get(key);
  if (!found) {
    const zone = timeZone ? { timeZone } : {};
    found = {
      date: new Intl.DateTimeFormat(undefined, { dateStyle: 'short', ...zone }),
      time: new Intl.DateTimeFormat(undefined, { timeStyle: 'medium', ...zone }),
    };
    stampFormats.set(key, found);
  }
  return {
    date: found.date.format(ms),
    time: found.time.format(ms),
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

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The UTC calendar day of an ISO time ('2026-03-01'), or '—' when missing or unreadable. */
export function formatUtcDay(iso: string | null | undefined): string {
  const date = parseIso(iso);
  return date ? date.toISOString().slice(0, 10) : '—';
}

/** An ISO time in UTC to the minute ('2026-03-01 14:05 UTC'), or '—'. */
export function formatUtcDateTime(iso: string | null | undefined): string {
  const date = parseIso(iso);
  if (!date) return '—';
  return `${formatUtcDay(iso)} ${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())} UTC`;
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * An ISO time as a person reads it, in the browser's time zone ('Mar 1, 2026, 2:05 PM');
 * `fallback` ('—' unless given) when missing or unreadable.
 */
export function formatDateTime(iso: string | null | undefined, fallback = '—'): string {
  const date = parseIso(iso);
  return date ? dateTimeFormat.format(date) : fallback;
}
