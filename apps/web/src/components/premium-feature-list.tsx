import { PREMIUM_FEATURES, type PremiumFeature } from '@tb/core';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import './premium-feature-list.css';

export interface PremiumFeatureListProps {
  /** Which features; every premium feature by default. */
  features?: readonly PremiumFeature[];
  /** More about a feature under its description (e.g. the plans that include it). */
  detail?: (feature: PremiumFeature) => ReactNode;
  /** Two columns where the space allows (the payment page); one column otherwise. */
  columns?: 1 | 2;
}

/**
 * What premium brings, as every screen that sells it says it: each feature's name, its
 * one-line description from core.
 */
export function PremiumFeatureList({
  features = PREMIUM_FEATURES,
  detail,
  columns = 1,
}: PremiumFeatureListProps) {
  return (
    <ul className={`premium-features premium-features--cols-${columns}`}>
      {features.map((feature) => (
        <li key={feature.id} className="premium-features__item" data-feature={feature.id}>
          <Check className="premium-features__icon" size={16} aria-hidden="true" />
          <div className="premium-features__body">
            <p className="premium-features__head">
              <span className="premium-features__name">{feature.label}</span>
            </p>
            <p className="premium-features__text">{feature.description}</p>
            {detail ? <div className="premium-features__detail">{detail(feature)}</div> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
