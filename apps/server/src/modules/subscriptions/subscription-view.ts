import {
  freeTrialStatus,
  isPremium,
  subscriptionFromPeriod,
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
 * The SubscriptionResponse: the period covering now (else the latest one), the effective
 * premium (flag or running period, cancelled or not) and whether the free plan can be claimed.
 */
export function subscriptionResponse(
  facts: SubscriptionFacts,
  now: Date,
  message?: string,
): SubscriptionResponse {
  const running = subscriptionFromPeriod(facts.current, now.getTime());
  const premium = isPremium(
    { isPaidUser: facts.premiumGranted, subscription: running },
    now.getTime(),
  );
  return {
    subscription: facts.current ? running : subscriptionFromPeriod(facts.latest, now.getTime()),
    isPaidUser: premium,
    freeTrial: freeTrialStatus(facts.lastFreeStart?.getTime() ?? null, premium, now.getTime()),
    ...(message !== undefined && { message }),
  };
}
