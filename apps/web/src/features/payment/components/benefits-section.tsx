import {
  liveTradingApiLabel,
  PLANS,
  PREMIUM_FEATURES,
  PURCHASABLE_PLAN_IDS,
  type PremiumFeature,
} from '@tb/core';

/** Which plans on sale include a feature, in words. */
function includedIn(feature: PremiumFeature): string {
  if (feature.id === 'liveTradingApis') {
    const perPlan = PURCHASABLE_PLAN_IDS.map(
      (id) => `${PLANS[id].name} ${liveTradingApiLabel(id).replace(/^.*: /, '')}`,
    );
    return `${perPlan.join(', ')} (free accounts: ${liveTradingApiLabel(null).replace(/^.*: /, '')})`;
  }
  const plans = PURCHASABLE_PLAN_IDS.filter((id) => feature.plans.includes(id));
  if (plans.length === PURCHASABLE_PLAN_IDS.length) {
    return feature.plans.includes('free') ? 'Every plan, the free one too' : 'Every paid plan';
  }
  return plans.map((id) => PLANS[id].name).join(' and ');
}

/** What premium brings (SPEC.md section 6) and which plans bring it. */
export function BenefitsSection() {
  return (
    <section className="payment__section" aria-labelledby="payment-benefits-title">
      <h2 id="payment-benefits-title" className="payment__heading">
        What premium brings
      </h2>
      <dl className="payment-benefits">
        {PREMIUM_FEATURES.map((feature) => (
          <div key={feature.id} className="payment-benefits__item">
            <dt className="payment-benefits__name">{feature.label}</dt>
            <dd className="payment-benefits__plans">{includedIn(feature)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
