import { subscriptionAfterAdd, subscriptionFromPeriod, type PlanId } from '@tb/core';
import type { Queryable } from '../../db/client.js';
import type { SubscriptionRow } from '../../db/schema/index.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/**
 * Adds a plan's days to a user's subscription, inside the caller's transaction (the user's row
 * locked by it): the running period is extended from its end date (and takes the new plan, not
 * cancelled any more); without one a new period starts now. A running free plan is continued
 * by a new period instead, so its claim stays on record. The admin's add and a paid invoice
 * both come here.
 */
export async function extendPlan(
  tx: Queryable,
  userId: string,
  plan: PlanId,
  now: Date,
): Promise<{ row: SubscriptionRow; previousEndDate: string | null }> {
  const repo = new SubscriptionsRepository(tx);
  const current = await repo.current(userId, now);
  const next = subscriptionAfterAdd(
    current ? subscriptionFromPeriod(current, now.getTime()) : null,
    plan,
    now.getTime(),
  );
  const endDate = new Date(next.endDate!);
  const previousEndDate = current?.endDate.toISOString() ?? null;
  if (current && current.plan !== 'free') {
    const row = await repo.update(current.id, { plan, endDate, cancelledAt: null });
    return { row, previousEndDate };
  }
  // A running free plan ends now rather than turning into the paid plan: its row is the
  // record of the claim that keeps the free plan to once in 30 days.
  if (current) await repo.update(current.id, { endDate: now });
  const startDate = current ? now : new Date(next.startDate!);
  const row = await repo.insert({ userId, plan, startDate, endDate });
  return { row, previousEndDate };
}
