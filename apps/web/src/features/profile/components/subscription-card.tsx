import { subscriptionPlanName, type PublicUser } from '@tb/core';
import { Link } from 'react-router';
import { buttonClass, Card } from '@/components';

type Subscription = PublicUser['subscription'];

function formatDate(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString();
}

export function SubscriptionCard({
  subscription,
  isPaidUser,
}: {
  subscription: Subscription;
  isPaidUser: boolean;
}) {
  return (
    <Card as="section" className="profile-card">
      <h2 className="profile-card__title">Subscription</h2>
      {subscription.active || subscription.plan ? (
        <dl className="profile-facts">
          <dt>Status</dt>
          <dd>{subscription.active ? 'Active' : 'Inactive'}</dd>
          <dt>Plan</dt>
          <dd>{subscription.plan ? subscriptionPlanName(subscription.plan) : '—'}</dd>
          <dt>End date</dt>
          <dd>{formatDate(subscription.endDate)}</dd>
          <dt>Remaining days</dt>
          <dd>{subscription.remainingDays}</dd>
        </dl>
      ) : (
        <p className="profile-card__empty">You have no subscription.</p>
      )}
      {isPaidUser ? null : (
        <div>
          <Link to="/payment" className={buttonClass('primary')}>
            Upgrade to Premium
          </Link>
        </div>
      )}
    </Card>
  );
}
