import {
  emptySubscription,
  freeTrialStatus,
  isPremium,
  subscriptionAsOf,
  type Subscription,
  type SubscriptionResponse,
} from '@tb/core';
import type { SubscriptionRow } from '../../db/schema/index.js';

/** What the answer of a subscription call is made from, as read from the database. */
export interface SubscriptionFacts {
  /** The admin-set premium flag of the user. */
  premiumGranted: boolean;
  /** The period covering now, if any. */
  current: SubscriptionRow | undefined;
  /** The period created last (shown when none covers now, so an ended plan stays visible). */
  latest: SubscriptionRow | undefined;
  /** Start of the user's last free plan; null when never claimed. */
  lastFreeStart: Date | null;
}

/**
 * A stored period as the client sees it: active while not cancelled and not ended, remaining
 * days from core. No period gives core's empty subscription.
 */
export function toSubscription(row: SubscriptionRow | undefined, now: Date): Subscription {
  if (!row) return emptySubscription();
  const stored: Subscription = {
    active: row.cancelledAt === null,
    plan: row.plan,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    remainingDays: 0,
  };
  return subscriptionAsOf(stored, now.getTime());
}

/**
 * The SubscriptionResponse: the period covering now (else the latest one), the effective
 * premium (flag or running period, cancelled or not) and whether the free plan can be claimed.
 */
export function subscriptionResponse(
  facts: SubscriptionFacts,
  now: Date,
  message?: string,
): SubscriptionResponse {
  const running = toSubscription(facts.current, now);
  const premium = isPremium(
    { isPaidUser: facts.premiumGranted, subscription: running },
    now.getTime(),
  );
  return {
    subscription: facts.current ? running : toSubscription(facts.latest, now),
    isPaidUser: premium,
    freeTrial: freeTrialStatus(facts.lastFreeStart?.getTime() ?? null, premium, now.getTime()),
    ...(message !== undefined && { message }),
  };
}
