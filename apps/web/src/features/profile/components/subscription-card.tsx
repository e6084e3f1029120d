import { useQuery } from '@tanstack/react-query';
import { subscriptionMessages } from '@tb/core';
import { Card, QueryStatus } from '@/components';
import { subscriptionQueryOptions } from '@/features/payment';
import { SubscriptionActions } from './subscription-actions';
import { SubscriptionFacts } from './subscription-facts';

/** The profile's subscription: status, plan, end date, remaining days, and what can be done. */
export function SubscriptionCard() {
  const query = useQuery(subscriptionQueryOptions());

  return (
    <Card as="section" className="profile-card" labelledBy="subscription-card-title">
      <h2 id="subscription-card-title" className="profile-card__title">
        Subscription
      </h2>
      <div className="profile-card__body" aria-live="polite">
        <QueryStatus
          query={query}
          loading="Loading subscription..."
          error={subscriptionMessages.loadFailed}
        >
          {({ subscription, isPaidUser, freeTrial }) => (
            <>
              <SubscriptionFacts subscription={subscription} isPaidUser={isPaidUser} />
              <SubscriptionActions
                subscription={subscription}
                isPaidUser={isPaidUser}
                freeTrial={freeTrial}
              />
            </>
          )}
        </QueryStatus>
      </div>
    </Card>
  );
}
