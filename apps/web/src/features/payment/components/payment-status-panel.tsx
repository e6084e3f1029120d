import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Payment } from '@tb/core';
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass, QueryStatus } from '@/components';
import { openAuthDialog } from '@/features/auth';
import { formatUsd } from '@/lib/format';
import {
  continuablePaymentUrl,
  paymentMessages,
  paymentQueryOptions,
  refreshAfterActivation,
} from '../api';
import { missingAmountText, paymentPlanName } from '../payment-format';
import { PaymentStateBadge } from './payment-state-badge';

export interface PaymentStatusPanelProps {
  /** Our payment id, as NOWPayments sends the trader back with it (?payment=<id>). */
  paymentId: string;
  /** The trader left the invoice page with "cancel" (&cancelled=1). */
  cancelled: boolean;
  signedIn: boolean;
}

/**
 * The payment the trader comes back with from the provider's page: its plan, price and state,
 * read again every 5 s until the state is final. Once paid, the subscription and the user are
 * read again so every screen shows Premium at once.
 */
export function PaymentStatusPanel({ paymentId, cancelled, signedIn }: PaymentStatusPanelProps) {
  const titleId = useId();
  const client = useQueryClient();
  const query = useQuery({ ...paymentQueryOptions(paymentId), enabled: signedIn });
  const paid = query.data?.state === 'paid';
  useEffect(() => {
    if (paid) refreshAfterActivation(client);
  }, [paid, client]);

  return (
    <section className="payment-status" aria-labelledby={titleId} aria-live="polite">
      <h2 id={titleId} className="payment-status__title">
        Your payment
      </h2>
      {signedIn ? (
        <QueryStatus
          query={query}
          loading="Loading your payment..."
          error={paymentMessages.loadFailed}
        >
          {(payment) => <PaymentStatusBody payment={payment} cancelled={cancelled} />}
        </QueryStatus>
      ) : (
        <div className="payment-status__body">
          <p className="payment-status__text">Log in to see the state of your payment.</p>
          <div>
            <Button variant="secondary" onClick={() => openAuthDialog('login')}>
              Log in
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

function PaymentStatusBody({ payment, cancelled }: { payment: Payment; cancelled: boolean }) {
  const invoice = continuablePaymentUrl(payment);
  return (
    <div className="payment-status__body">
      <p className="payment-status__summary">
        <strong>{paymentPlanName(payment.plan)} plan</strong>
        <span className="payment-status__price">{formatUsd(payment.priceUsd)}</span>
        <PaymentStateBadge state={payment.state} />
      </p>
      <p className="payment-status__text">{stateText(payment, cancelled)}</p>
      {invoice || payment.state === 'paid' ? (
        <div className="row">
          {invoice ? (
            <a href={invoice} className={buttonClass('primary')}>
              Continue payment
            </a>
          ) : (
            <Link to="/profile" className={buttonClass('secondary')}>
              See it on your profile
            </Link>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** What the state means for the trader, and what they can do. */
function stateText(payment: Payment, cancelled: boolean): string {
  switch (payment.state) {
    case 'waiting':
      return cancelled
        ? 'You cancelled the payment. Nothing was charged.'
        : 'Waiting for your payment on the invoice page. This page updates by itself.';
    case 'confirming':
      return 'Your payment arrived and is being confirmed on the blockchain. Premium starts as soon as it is confirmed; this page updates by itself.';
    case 'partially_paid':
      return (
        missingAmountText(payment) ??
        'Less than the invoice arrived. Send the rest from the invoice page to complete the payment.'
      );
    case 'paid':
      return 'Premium is active. Thank you for your payment.';
    case 'expired':
      return 'The invoice expired before a payment arrived. Nothing was charged; choose a plan below to start again.';
    case 'failed':
      return 'The payment failed and no plan was activated. Choose a plan below to try again.';
    case 'refunded':
      return 'This payment was refunded.';
  }
}
