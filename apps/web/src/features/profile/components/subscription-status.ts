import type { Subscription } from '@tb/core';

/**
 * How the profile names a subscription, from the server's answer (never the local clock):
 * running, cancelled but still running until its end date, or over.
 */
export type SubscriptionStatus = 'active' | 'cancelled' | 'inactive' | 'none';

export function subscriptionStatus(sub: Subscription): SubscriptionStatus {
  if (sub.active) return 'active';
  if (sub.plan === null) return 'none';
  return sub.endDate !== null && sub.remainingDays > 0 ? 'cancelled' : 'inactive';
}
