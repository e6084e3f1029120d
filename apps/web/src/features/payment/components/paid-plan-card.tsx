import { PLANS, planSavingsPct, type PlanId } from '@tb/core';
import { Badge, Card } from '@/components';
import { formatUsd, formatUsdCents } from '@/lib/format';
import { CheckoutAction } from './checkout-action';
import { PayAction } from './pay-action';
import { PlanFeatureList } from './plan-feature-list';

export interface PaidPlanCardProps {
  planId: PlanId;
  /** The payment link; null when none is configured, undefined while unknown. */
  link: string | null | undefined;
  /** NOWPayments is configured: "Pay" creates an invoice (the link is then not used). */
  checkout: boolean;
  signedIn: boolean;
}

/** Price per month over the plan's length, as the savings are counted: '$6.67'. */
function perMonthUsd(planId: PlanId): string | null {
  const plan = PLANS[planId];
  if (plan.priceUsd === null) return null;
  const months = Math.max(1, Math.round(plan.durationDays / PLANS.monthly.durationDays));
  return formatUsdCents(plan.priceUsd / months);
}

/** A plan on sale: price, length, saving, what it includes and its crypto payment button. */
export function PaidPlanCard({ planId, link, checkout, signedIn }: PaidPlanCardProps) {
  const plan = PLANS[planId];
  const savings = planSavingsPct(planId);
  const best = planId === 'annual';
  const perMonth = perMonthUsd(planId);
  return (
    <Card as="article" className={best ? 'payment-plan payment-plan--best' : 'payment-plan'}>
      <div className="payment-plan__head">
        <h3 className="payment-plan__name">{plan.name}</h3>
        {best ? <Badge tone="accent">Best value</Badge> : null}
      </div>
      <p className="payment-plan__price">
        <span className="payment-plan__amount">
          {plan.priceUsd === null ? null : formatUsd(plan.priceUsd)}
        </span>
        <span className="payment-plan__period"> / {plan.durationDays} days</span>
      </p>
      <p className="payment-plan__note">
        {perMonth ? `${perMonth} a month` : null}
        {savings ? (
          <>
            {' '}
            <Badge tone="long">Save {savings}%</Badge>
          </>
        ) : null}
      </p>
      <PlanFeatureList plan={planId} />
      <div className="payment-plan__action">
        {checkout ? (
          <CheckoutAction planId={planId} planName={plan.name} signedIn={signedIn} />
        ) : (
          <PayAction planName={plan.name} link={link} />
        )}
      </div>
    </Card>
  );
}
