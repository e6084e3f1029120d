import type { PlanId, Subscription, SubscriptionPlan } from '../schemas/users.js';
import { FREE_TRIAL, PLANS } from './catalogue.js';

/** Milliseconds in a day. */
export const MS_PER_DAY = 86_400_000;

function toMs(date: string | number | null | undefined): number | null {
  if (date === null || date === undefined) return null;
  const ms = typeof date === 'number' ? date : Date.parse(date);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Days left until `endDate`: the ceiling of (end − now) in days, floored at 0 (SPEC.md
 * section 9). A missing or unreadable end date gives 0.
 *
 * @param endDate ISO string or epoch ms. @param now epoch milliseconds.
 */
export function remainingDays(endDate: string | number | null | undefined, now: number): number {
  const end = toMs(endDate);
  if (end === null || end <= now) return 0;
  return Math.ceil((end - now) / MS_PER_DAY);
}

/** Whether the paid period still runs (end date in the future), cancelled or not. */
export function hasSubscriptionAccess(
  sub: Pick<Subscription, 'endDate'> | null | undefined,
  now: number,
): boolean {
  const end = toMs(sub?.endDate);
  return end !== null && end > now;
}

/**
 * "Active" as the profile shows it: not cancelled and not expired. A cancelled subscription is
 * inactive but keeps access until its end date (SPEC.md section 4).
 */
export function isSubscriptionActive(
  sub: Pick<Subscription, 'active' | 'endDate'> | null | undefined,
  now: number,
): boolean {
  return Boolean(sub?.active) && hasSubscriptionAccess(sub, now);
}

/**
 * Whether a user gets premium features: the admin-set `isPaidUser` flag (lifetime premium)
 * or a subscription whose period has not ended (even if cancelled).
 */
export function isPremium(
  user: { isPaidUser: boolean; subscription?: Pick<Subscription, 'endDate'> | null },
  now: number,
): boolean {
  return user.isPaidUser || hasSubscriptionAccess(user.subscription, now);
}

/** No subscription: inactive, no plan, no dates. */
export function emptySubscription(): Subscription {
  return { active: false, plan: null, startDate: null, endDate: null, remainingDays: 0 };
}

/** The subscription as of `now`: remaining days recomputed, inactive once it has ended. */
export function subscriptionAsOf(sub: Subscription, now: number): Subscription {
  const days = remainingDays(sub.endDate, now);
  return { ...sub, active: sub.active && days > 0, remainingDays: days };
}

/** A stored subscription period: what the database keeps of one. */
export interface SubscriptionPeriod {
  plan: SubscriptionPlan;
  startDate: Date;
  endDate: Date;
  /** When the user (or an admin) cancelled it; null while it runs uncancelled. */
  cancelledAt: Date | null;
}

/**
 * A stored period as the client sees it as of `now`: active while not cancelled and not
 * ended, remaining days per {@link remainingDays}. No period gives the empty subscription.
 */
export function subscriptionFromPeriod(
  period: SubscriptionPeriod | null | undefined,
  now: number,
): Subscription {
  if (!period) return emptySubscription();
  const stored: Subscription = {
    active: period.cancelledAt === null,
    plan: period.plan,
    startDate: period.startDate.toISOString(),
    endDate: period.endDate.toISOString(),
    remainingDays: 0,
  };
  return subscriptionAsOf(stored, now);
}

/**
 * How a subscription reads to a person, from the server's answer: running, cancelled but
 * running until its end date, over, or none at all.
 */
export type SubscriptionStatus = 'active' | 'cancelled' | 'inactive' | 'none';

export function subscriptionStatus(sub: Subscription): SubscriptionStatus {
  if (sub.active) return 'active';
  if (sub.plan === null) return 'none';
  return sub.endDate !== null && sub.remainingDays > 0 ? 'cancelled' : 'inactive';
}

/**
 * Adds a plan's days (POST /api/users/:id/subscription/add): counted from the current end date
 * while it still runs, else from `now`. The plan becomes `plan` and the subscription active.
 */
export function subscriptionAfterAdd(
  sub: Subscription | null,
  plan: PlanId,
  now: number,
): Subscription {
  const runningEnd = hasSubscriptionAccess(sub, now) ? (toMs(sub?.endDate) as number) : null;
  const start = runningEnd ?? now;
  const endDate = new Date(start + PLANS[plan].durationDays * MS_PER_DAY).toISOString();
  const startDate =
    runningEnd !== null && sub?.startDate ? sub.startDate : new Date(now).toISOString();
  return subscriptionAsOf({ active: true, plan, startDate, endDate, remainingDays: 0 }, now);
}

/** Cancel (POST /api/subscription/cancel): inactive, access kept until the same end date. */
export function subscriptionAfterCancel(sub: Subscription, now: number): Subscription {
  return { ...subscriptionAsOf(sub, now), active: false };
}

/** Admin set-date: a new end date (ISO); active exactly when that date is in the future. */
export function subscriptionWithEndDate(
  sub: Subscription | null,
  endDate: string,
  now: number,
): Subscription {
  const base = sub ?? emptySubscription();
  const active = (toMs(endDate) ?? 0) > now;
  return subscriptionAsOf(
    { ...base, endDate, active, startDate: base.startDate ?? new Date(now).toISOString() },
    now,
  );
}

/**
 * Whether the free plan may be claimed now: never claimed, or the last claim is at least
 * 30 days old. A rolling 30 days (not the calendar month) so two claims cannot sit on either
 * side of a month's end.
 *
 * @param lastClaimedAt epoch ms or ISO string of the last claim; null when never claimed.
 * @param now epoch milliseconds.
 */
export function canClaimFreeTrial(lastClaimedAt: string | number | null, now: number): boolean {
  if (lastClaimedAt === null) return true;
  const last = toMs(lastClaimedAt);
  if (last === null) return true;
  return now - last >= FREE_TRIAL.claimEveryDays * MS_PER_DAY;
}

/**
 * The free 3-day plan's status: claimable when the user has no premium now and the last claim
 * is at least 30 days old; otherwise `nextClaimAt` says from when (null while premium from
 * something else keeps it closed, since that has no fixed end the user controls).
 *
 * @param lastClaimedAt epoch ms or ISO string of the last claim; null when never claimed.
 * @param premiumNow whether the user has premium now (flag or running period).
 * @param now epoch milliseconds.
 */
export function freeTrialStatus(
  lastClaimedAt: string | number | null,
  premiumNow: boolean,
  now: number,
): { available: boolean; nextClaimAt: string | null } {
  const last = toMs(lastClaimedAt);
  const next = last === null ? null : last + FREE_TRIAL.claimEveryDays * MS_PER_DAY;
  const tooSoon = next !== null && next > now;
  return {
    available: !premiumNow && !tooSoon,
    nextClaimAt: tooSoon ? new Date(next).toISOString() : null,
  };
}
