import { subscriptionPlanName, subscriptionStatus, type Subscription } from '@tb/core';

/**
 * The panel's dates are UTC (the day set-date works in): '2026-03-01' and
 * '2026-03-01 14:05 UTC', from the one web formatting module.
 */
export { formatUtcDay as formatDate, formatUtcDateTime as formatDateTime } from '@/lib/format';

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
