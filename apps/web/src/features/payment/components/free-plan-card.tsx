import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FREE_TRIAL, type FreeTrialStatus } from '@tb/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge, Button, buttonClass, Card } from '@/components';
import { useDateTimeFormat } from '@/features/journal';
import { formatUsd } from '@/lib/format';
import { freeTrialMutationOptions } from '../api';
import { PlanFeatureList } from './plan-feature-list';

export interface FreePlanCardProps {
  signedIn: boolean;
  isPremium: boolean;
  /** The free plan's status for the signed-in user; 'loading' while unknown. */
  status: FreeTrialStatus | 'loading' | undefined;
}

/** The free 3-day plan: $0, claimable once a month by a signed-in user without premium. */
export function FreePlanCard({ signedIn, isPremium, status }: FreePlanCardProps) {
  const noteId = useId();
  return (
    <Card as="article" className="payment-plan">
      <div className="payment-plan__head">
        <h3 className="payment-plan__name">Free</h3>
        <Badge tone="info">Once a month</Badge>
      </div>
      <p className="payment-plan__price">
        <span className="payment-plan__amount">{formatUsd(FREE_TRIAL.priceUsd)}</span>
        <span className="payment-plan__period"> / {FREE_TRIAL.durationDays} days</span>
      </p>
      <p className="payment-plan__note">
        Try premium for {FREE_TRIAL.durationDays} days. No payment details needed.
      </p>
      <PlanFeatureList plan="free" />
      <div className="payment-plan__action">
        <FreePlanAction signedIn={signedIn} isPremium={isPremium} status={status} noteId={noteId} />
      </div>
    </Card>
  );
}

function FreePlanAction({
  signedIn,
  isPremium,
  status,
  noteId,
}: FreePlanCardProps & { noteId: string }) {
  const client = useQueryClient();
  const start = useMutation(freeTrialMutationOptions(client));
  const { date } = useDateTimeFormat();

  if (!signedIn) {
    return (
      <Link to="/login" className={buttonClass('secondary', 'payment-plan__button')}>
        Log in to start free plan
      </Link>
    );
  }
  if (isPremium) return <p className="payment-plan__status">You already have premium</p>;
  const nextClaimAt =
    status !== 'loading' && status && !status.available ? status.nextClaimAt : null;
  return (
    <>
      <Button
        variant="secondary"
        className="payment-plan__button"
        busy={status === 'loading' || start.isPending}
        disabled={nextClaimAt !== null}
        aria-describedby={nextClaimAt ? noteId : undefined}
        onClick={() => start.mutate()}
      >
        {start.isPending ? 'Starting...' : 'Start free plan'}
      </Button>
      {nextClaimAt ? (
        <p className="payment-plan__status" id={noteId}>
          Available again on {date(nextClaimAt)}
        </p>
      ) : null}
    </>
  );
}
