import { liveTradingApiLabel, PREMIUM_FEATURES, type SubscriptionPlan } from '@tb/core';

/**
 * What a plan includes: its live-trading API line first, then the premium features; the ones
 * the plan lacks are listed muted so plans can be compared.
 */
export function PlanFeatureList({ plan }: { plan: SubscriptionPlan }) {
  const features = PREMIUM_FEATURES.filter((f) => f.id !== 'liveTradingApis');
  return (
    <ul className="payment-features">
      <li className="payment-features__item">
        <span aria-hidden="true" className="payment-features__mark">
          ✓
        </span>
        {liveTradingApiLabel(plan)}
      </li>
      {features.map((feature) => {
        const included = feature.plans.includes(plan);
        return (
          <li
            key={feature.id}
            className={included ? 'payment-features__item' : 'payment-features__item is-excluded'}
          >
            <span aria-hidden="true" className="payment-features__mark">
              {included ? '✓' : '–'}
            </span>
            {feature.label}
            {included ? null : <span className="visually-hidden"> (not included)</span>}
          </li>
        );
      })}
    </ul>
  );
}
