import { liveTradingApiLabel, PREMIUM_FEATURES, type SubscriptionPlan } from '@tb/core';
import { Check, Minus } from 'lucide-react';

/**
 * What a plan includes: its live-trading API line first, then the premium features; the ones
 * the plan lacks are listed muted so plans can be compared.
 * (What each feature is stands in "What premium brings" below the plans.)
 */
export function PlanFeatureList({ plan }: { plan: SubscriptionPlan }) {
  const features = PREMIUM_FEATURES.filter((f) => f.id !== 'liveTradingApis');
  return (
    <ul className="payment-features">
      <li className="payment-features__item">
        <Check className="payment-features__mark" size={16} aria-hidden="true" />
        {liveTradingApiLabel(plan)}
      </li>
      {features.map((feature) => {
        const included = feature.plans.includes(plan);
        const Mark = included ? Check : Minus;
        return (
          <li
            key={feature.id}
            className={included ? 'payment-features__item' : 'payment-features__item is-excluded'}
          >
            <Mark className="payment-features__mark" size={16} aria-hidden="true" />
            <span className="payment-features__label">
              <span>{feature.label}</span>
              {included ? null : <span className="visually-hidden"> (not included)</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
