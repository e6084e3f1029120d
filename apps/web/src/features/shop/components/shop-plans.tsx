import {
  FREE_TRIAL,
  PLANS,
  PREMIUM_FEATURES,
  PURCHASABLE_PLAN_IDS,
  premiumLockTexts,
  type SubscriptionPlan,
} from '@tb/core';
import { Check, Minus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass, Card } from '@/components';

const COLUMNS: readonly { id: SubscriptionPlan; name: string }[] = [
  { id: 'free', name: FREE_TRIAL.name },
  ...PURCHASABLE_PLAN_IDS.map((id) => ({ id, name: PLANS[id].name })),
];

/** What each plan unlocks: every premium feature against the plans (core PREMIUM_FEATURES). */
export function ShopPlans() {
  return (
    <Card as="section" className="shop-section" labelledBy="shop-plans-title">
      <div className="shop-section__head">
        <h2 id="shop-plans-title" className="shop-section__title">
          What each plan unlocks
        </h2>
        <Link to={premiumLockTexts.href} className={buttonClass('primary')}>
          See plans and prices
        </Link>
      </div>
      <div className="table-scroll" role="region" aria-labelledby="shop-plans-caption" tabIndex={0}>
        <table className="shop-plans">
          <caption id="shop-plans-caption" className="visually-hidden">
            Premium features by plan
          </caption>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              {COLUMNS.map((plan) => (
                <th key={plan.id} scope="col">
                  {plan.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PREMIUM_FEATURES.map((feature) => (
              <tr key={feature.id} data-feature={feature.id}>
                <th scope="row">
                  <span className="shop-plans__feature">{feature.label}</span>
                  <span className="shop-plans__text">{feature.description}</span>
                </th>
                {COLUMNS.map((plan) => {
                  const included = feature.plans.includes(plan.id);
                  const Mark = included ? Check : Minus;
                  return (
                    <td key={plan.id} className={included ? 'is-included' : 'is-excluded'}>
                      <Mark size={16} aria-hidden="true" />
                      <span className="visually-hidden">
                        {included ? 'Included' : 'Not included'}
                      </span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
