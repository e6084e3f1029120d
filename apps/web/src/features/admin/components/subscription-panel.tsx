import { useQuery, useQueryClient } from '@tanstack/react-query';
import { subscriptionMessages, type AdminUser, type SubscriptionResponse } from '@tb/core';
import { useState } from 'react';
import { Button, QueryStatus } from '@/components';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { adminKeys, cancelSubscriptionMutationOptions, userSubscriptionQueryOptions } from '../api';
import { useAdminMutation } from '../hooks/use-admin-mutation';
import { AddPlanForm } from './add-plan-form';
import { daysLeft, formatDate, planLabel, subscriptionState } from './format';
import { SetEndDateForm } from './set-end-date-form';

/** Puts a changed subscription on screen at once, before the refetch confirms it. */
export function useShowSubscription(userId: string) {
  const client = useQueryClient();
  return (data: SubscriptionResponse) => client.setQueryData(adminKeys.subscription(userId), data);
}

/** A user's subscription: where it stands, and add plan / set end date / cancel. */
export function SubscriptionPanel({ user, onBack }: { user: AdminUser; onBack: () => void }) {
  const query = useQuery(userSubscriptionQueryOptions(user.id));
  const show = useShowSubscription(user.id);
  const cancel = useAdminMutation(cancelSubscriptionMutationOptions(), show);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const back = (
    <Button variant="ghost" onClick={onBack}>
      Back
    </Button>
  );

  return (
    <div className="stack">
      <QueryStatus
        query={query}
        loading="Loading subscription..."
        error={subscriptionMessages.loadFailed}
      >
        {({ subscription, isPaidUser }) => {
          const endDate = formatDate(subscription.endDate);
          return (
            <>
              <dl className="admin-facts">
                <dt>Plan</dt>
                <dd>{planLabel(subscription)}</dd>
                <dt>Status</dt>
                <dd>{subscriptionState(subscription)}</dd>
                <dt>End date</dt>
                <dd>{endDate}</dd>
                <dt>Remaining</dt>
                <dd>{daysLeft(subscription.remainingDays)}</dd>
                <dt>Premium now</dt>
                <dd>{isPaidUser ? 'Yes' : 'No'}</dd>
              </dl>
              <AddPlanForm userId={user.id} onAdded={show} />
              <SetEndDateForm userId={user.id} endDate={subscription.endDate} onSet={show} />
              <section className="admin-subsection" aria-labelledby="admin-cancel-title">
                <h3 id="admin-cancel-title" className="admin-subsection__title">
                  Cancel subscription
                </h3>
                <p className="admin-muted">
                  {subscription.active
                    ? 'The user keeps premium access until the end date.'
                    : 'There is no active subscription to cancel.'}
                </p>
                <div className="row">
                  <Button
                    variant="danger"
                    disabled={!subscription.active}
                    busy={cancel.isPending}
                    onClick={() => setConfirmCancel(true)}
                  >
                    Cancel subscription
                  </Button>
                  {back}
                </div>
              </section>
              <ConfirmDialog
                open={confirmCancel}
                onOpenChange={setConfirmCancel}
                title="Cancel subscription"
                message={`Cancel the subscription of ${user.username}? They keep premium access until ${endDate}.`}
                confirmLabel="Cancel subscription"
                cancelLabel="Keep it"
                onConfirm={() => cancel.mutate({ userId: user.id })}
              />
            </>
          );
        }}
      </QueryStatus>
      {/* Without a subscription to show (it failed to load), Back still leads out. */}
      {query.data === undefined && !query.isPending ? back : null}
    </div>
  );
}
