import { COMING_SOON_LABEL, isComingSoon, PREMIUM_FEATURES, type PremiumFeature } from '@tb/core';
import { Check, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from './badge';
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
 * one-line description from core, and "Coming soon" on the ones not built yet.
 */
export function PremiumFeatureList({
  features = PREMIUM_FEATURES,
  detail,
  columns = 1,
}: PremiumFeatureListProps) {
  return (
    <ul className={`premium-features premium-features--cols-${columns}`}>
      {features.map((feature) => {
        const soon = isComingSoon(feature);
        const Icon = soon ? Clock : Check;
        return (
          <li
            key={feature.id}
            className={soon ? 'premium-features__item is-soon' : 'premium-features__item'}
            data-feature={feature.id}
          >
            <Icon className="premium-features__icon" size={16} aria-hidden="true" />
            <div className="premium-features__body">
              <p className="premium-features__head">
                <span className="premium-features__name">{feature.label}</span>
                {soon ? (
                  <>
                    <span className="visually-hidden">, </span>
                    <Badge tone="info">{COMING_SOON_LABEL}</Badge>
                  </>
                ) : null}
              </p>
              <p className="premium-features__text">{feature.description}</p>
              {detail ? <div className="premium-features__detail">{detail(feature)}</div> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
