import {
  formatDate as formatDay,
  formatDateTime as formatTime,
  subscriptionPlanName,
  subscriptionStatus,
  type Subscription,
} from '@tb/core';

/**
 * The panel works in UTC (the day set-date takes), in the product's one date-time format,
 * and names its zone: '1 Mar 2026' and '1 Mar 2026, 14:05 UTC'; '—' when missing.
 */
export const formatDate = (iso: string | null | undefined): string =>
  formatDay(iso, { timeZone: 'UTC' });

export const formatDateTime = (iso: string | null | undefined): string =>
  formatTime(iso, { timeZone: 'UTC', showZone: true });

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
