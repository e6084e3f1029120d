import { subscriptionPlanName, subscriptionStatus, type Subscription } from '@tb/core';
import { Badge } from '@/components';
import { useDateTimeFormat } from '@/features/journal';

function StatusText({ subscription }: { subscription: Subscription }) {
  const { date } = useDateTimeFormat();
  switch (subscriptionStatus(subscription)) {
    case 'active':
      return <Badge tone="long">Active</Badge>;
    case 'cancelled':
      return <>Cancelled — access until {date(subscription.endDate)}</>;
    default:
      return <>Inactive</>;
  }
}

export function SubscriptionFacts({
  subscription,
  isPaidUser,
}: {
  subscription: Subscription;
  isPaidUser: boolean;
}) {
  const { date } = useDateTimeFormat();
  if (subscription.plan === null) {
    return (
      <p className="profile-card__empty">
        {isPaidUser ? 'Premium granted by the team: no end date.' : 'You have no subscription.'}
      </p>
    );
  }
  return (
    <dl className="profile-facts">
      <dt>Status</dt>
      <dd>
        <StatusText subscription={subscription} />
      </dd>
      <dt>Plan</dt>
      <dd>{subscriptionPlanName(subscription.plan)}</dd>
      <dt>End date</dt>
      <dd>{date(subscription.endDate)}</dd>
      <dt>Remaining days</dt>
      <dd>{subscription.remainingDays}</dd>
    </dl>
  );
}
