import type { PlanId, SubscriptionPlan } from '../schemas/users.js';

/** A subscription plan as the payment page and the server know it. */
export interface Plan {
  id: PlanId;
  name: string;
  /** Price in US dollars; `null` for the quick plan, which is granted rather than sold. */
  priceUsd: number | null;
  /** Days of premium access one purchase adds. */
  durationDays: number;
  /** Advertised saving against paying monthly, in percent; `null` when none is advertised. */
  savePct: number | null;
}

/**
 * The plans of SPEC.md section 9. SPEC.md gives the quick plan a length (10 days) but no
 * price, so it is not offered on the payment page: an admin grants it with
 * POST /api/users/:id/subscription/add {plan: 'quick'}.
 */
export const PLANS: Readonly<Record<PlanId, Plan>> = {
  quick: { id: 'quick', name: 'Quick', priceUsd: null, durationDays: 10, savePct: null },
  monthly: { id: 'monthly', name: 'Monthly', priceUsd: 9, durationDays: 30, savePct: null },
  quarterly: { id: 'quarterly', name: 'Quarterly', priceUsd: 20, durationDays: 90, savePct: 26 },
  annual: { id: 'annual', name: 'Annual', priceUsd: 60, durationDays: 365, savePct: 44 },
};

/** Plans offered for sale on /payment, cheapest first. */
export const PURCHASABLE_PLAN_IDS: readonly PlanId[] = ['monthly', 'quarterly', 'annual'];

/** The free plan: 3 days of premium at $0, claimable once per month (30 days apart). */
export const FREE_TRIAL = {
  id: 'free',
  name: 'Free',
  priceUsd: 0,
  durationDays: 3,
  /** Days that must pass between two claims ("once per month"). */
  claimEveryDays: 30,
} as const;

/** Terms shown on /payment (SPEC.md section 9). */
export const PAYMENT_TERMS = {
  moneyBackDays: 30,
  /** Fee of the crypto payment processor, in percent of the price. */
  paymentFeePct: 0.5,
  cryptocurrencies: '300+',
} as const;

/**
 * Saving of a plan against paying the monthly price for the same number of months, in whole
 * percent (quarterly $20 vs 3 × $9 → 26; annual $60 vs 12 × $9 → 44). 0 for monthly; `null`
 * for a plan without a price.
 */
export function planSavingsPct(planId: PlanId): number | null {
  const plan = PLANS[planId];
  const monthlyPrice = PLANS.monthly.priceUsd as number;
  if (plan.priceUsd === null) return null;
  const months = Math.round(plan.durationDays / PLANS.monthly.durationDays);
  return Math.round((1 - plan.priceUsd / (monthlyPrice * months)) * 100);
}

/** How a subscription's plan is named to the user ('Free (3 days)', 'Monthly', ...). */
export function subscriptionPlanName(plan: SubscriptionPlan): string {
  return plan === 'free' ? `Free (${FREE_TRIAL.durationDays} days)` : PLANS[plan].name;
}
