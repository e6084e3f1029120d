import { liveTradingApiLabel, PLANS, PURCHASABLE_PLAN_IDS, type PremiumFeature } from '@tb/core';
import { PremiumFeatureList } from '@/components/premium-feature-list';

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

/**
 * What premium brings (SPEC.md section 6): each feature in one line and which plans bring it.
 */
export function BenefitsSection() {
  return (
    <section
      id="premium-features"
      className="payment__section payment-benefits"
      aria-labelledby="payment-benefits-title"
    >
      <h2 id="payment-benefits-title" className="payment__heading">
        What premium brings
      </h2>
      <PremiumFeatureList
        columns={2}
        detail={(feature) => (
          <>
            <span className="visually-hidden">Included in: </span>
            {includedIn(feature)}
          </>
        )}
      />
    </section>
  );
}
