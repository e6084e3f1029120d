import { formatDisplayNumber, formatSignedUsd, roundTo } from '@tb/core';
import type { UnjournaledTrip } from '../api';

/** Prices as the trading page's tables show them (SPEC.md section 9 decimals). */
export const formatPrice = formatDisplayNumber;

export { formatSignedUsd };

const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money in dollars and cents, like the trading page's tables: 1.5 → '$1.50'. */
export function formatUsd(amountUsd: number): string {
  return Number.isFinite(amountUsd) ? usdFormat.format(amountUsd) : '—';
}

/** A size in coin units, exact to 8 decimals (as the trading page's tables show it). */
export function formatSize(size: number): string {
  return Number.isFinite(size) ? String(roundTo(size, 8)) : '—';
}

/** 'up', 'down' or 'flat': the colour of a signed amount (the sign is also in the text). */
export function trend(value: number): 'up' | 'down' | 'flat' {
  if (!Number.isFinite(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

const formats = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formatsFor(timeZone: string) {
  let found = formats.get(timeZone);
  if (!found) {
    found = {
      date: new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeZone }),
      time: new Intl.DateTimeFormat(undefined, { timeStyle: 'medium', timeZone }),
    };
    formats.set(timeZone, found);
  }
  return found;
}

/**
 * Epoch ms as date and time of day in the trader's zone, apart so a narrow column can stack
 * them (the look of the trading page's time cells).
 */
export function formatTripTime(
  ms: number,
  timeZone: string,
): { date: string; time: string; iso: string } | null {
  if (!Number.isFinite(ms)) return null;
  const { date, time } = formatsFor(timeZone);
  return { date: date.format(ms), time: time.format(ms), iso: new Date(ms).toISOString() };
}

/** 'Long ETHUSDT': how buttons and dialogs name a trip. */
export function tripName(trip: Pick<UnjournaledTrip, 'isLong' | 'pair'>): string {
  return `${trip.isLong ? 'Long' : 'Short'} ${trip.pair}`;
}
