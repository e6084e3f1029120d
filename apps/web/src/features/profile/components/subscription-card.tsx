import { useQuery } from '@tanstack/react-query';
import { subscriptionMessages } from '@tb/core';
import { Alert, Button, Card, Spinner } from '@/components';
import { subscriptionQueryOptions } from '@/features/payment';
import { SubscriptionActions } from './subscription-actions';
import { SubscriptionFacts } from './subscription-facts';

/** The profile's subscription: status, plan, end date, remaining days, and what can be done. */
export function SubscriptionCard() {
  const query = useQuery(subscriptionQueryOptions());

  let body;
  if (query.isPending) {
    body = <Spinner label="Loading subscription..." />;
  } else if (query.isError) {
    body = (
      <div className="stack">
        <Alert tone="error">{subscriptionMessages.loadFailed}</Alert>
        <div>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  } else {
    const { subscription, isPaidUser, freeTrial } = query.data;
    body = (
      <>
        <SubscriptionFacts subscription={subscription} isPaidUser={isPaidUser} />
        <SubscriptionActions
          subscription={subscription}
          isPaidUser={isPaidUser}
          freeTrial={freeTrial}
        />
      </>
    );
  }

  return (
    <Card as="section" className="profile-card" labelledBy="subscription-card-title">
      <h2 id="subscription-card-title" className="profile-card__title">
        Subscription
      </h2>
      <div className="profile-card__body" aria-live="polite">
        {body}
      </div>
    </Card>
  );
}
