import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  FREE_TRIAL,
  premiumLockTexts,
  subscriptionMessages,
  type FreeTrialStatus,
  type Subscription,
} from '@tb/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDateTimeFormat } from '@/features/journal';
import { freeTrialMutationOptions } from '@/features/payment';
import { cancelSubscriptionMutationOptions } from '../api';

export interface SubscriptionActionsProps {
  subscription: Subscription;
  isPaidUser: boolean;
  freeTrial: FreeTrialStatus;
}

/** Cancel (while active, after confirmation), or upgrade and the free plan (while not premium). */
export function SubscriptionActions({
  subscription,
  isPaidUser,
  freeTrial,
}: SubscriptionActionsProps) {
  const client = useQueryClient();
  const cancel = useMutation(cancelSubscriptionMutationOptions(client));
  const startFree = useMutation(freeTrialMutationOptions(client));
  const [confirming, setConfirming] = useState(false);
  const { date } = useDateTimeFormat();

  return (
    <>
      {subscription.active ? (
        <div>
          <Button variant="secondary" busy={cancel.isPending} onClick={() => setConfirming(true)}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel subscription'}
          </Button>
        </div>
      ) : null}
      {isPaidUser ? null : (
        <div className="stack">
          <div className="row">
            <Link to={premiumLockTexts.href} className={buttonClass('primary')}>
              {premiumLockTexts.button}
            </Link>
            {freeTrial.available ? (
              <Button
                variant="secondary"
                busy={startFree.isPending}
                onClick={() => startFree.mutate()}
              >
                {startFree.isPending
                  ? 'Starting...'
                  : `Start free ${FREE_TRIAL.durationDays}-day plan`}
              </Button>
            ) : null}
          </div>
          {!freeTrial.available && freeTrial.nextClaimAt ? (
            <p className="profile-card__empty">
              The free {FREE_TRIAL.durationDays}-day plan is available again on{' '}
              {date(freeTrial.nextClaimAt)}.
            </p>
          ) : null}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel subscription"
        message={subscriptionMessages.cancelConfirm}
        confirmLabel="Cancel subscription"
        cancelLabel="Keep subscription"
        onConfirm={() => cancel.mutate()}
      />
    </>
  );
}
