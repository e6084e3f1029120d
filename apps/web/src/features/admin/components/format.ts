import { subscriptionPlanName, subscriptionStatus, type Subscription } from '@tb/core';

const pad = (n: number) => String(n).padStart(2, '0');

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2026-03-01' (UTC, the day set-date works in), or '—'. */
export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? date.toISOString().slice(0, 10) : '—';
}

/** '2026-03-01 14:05 UTC', or '—'. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return '—';
  return `${formatDate(iso)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** 'Monthly', 'Free (3 days)', or 'None'. */
export function planLabel(subscription: Subscription): string {
  return subscription.plan ? subscriptionPlanName(subscription.plan) : 'None';
}

const STATUS_WORDS = {
  none: 'No subscription',
  active: 'Active',
  cancelled: 'Cancelled, access until the end date',
  inactive: 'Ended',
} as const;

/** Active, cancelled (access until the end) or ended: core's status in the panel's words. */
export function subscriptionState(subscription: Subscription): string {
  return STATUS_WORDS[subscriptionStatus(subscription)];
}

export function daysLeft(days: number): string {
  return days === 1 ? '1 day left' : `${days} days left`;
}
