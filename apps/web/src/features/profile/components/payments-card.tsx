import { useQuery } from '@tanstack/react-query';
import type { Payment } from '@tb/core';
import { Card, QueryStatus } from '@/components';
import { useDateTimeFormat } from '@/features/journal';
import {
  continuablePaymentUrl,
  missingAmountText,
  paymentLinksQueryOptions,
  paymentMessages,
  paymentPlanName,
  paymentsQueryOptions,
  PaymentStateBadge,
} from '@/features/payment';
import { formatUsd } from '@/lib/format';
import './payments.css';

/**
 * Profile → Payments (issue 30): the trader's NOWPayments invoices, newest first, with their
 * state and a way back to one still open. Without checkout and without payments there is
 * nothing to say, so the card is not shown.
 */
export function PaymentsCard() {
  const links = useQuery(paymentLinksQueryOptions());
  const payments = useQuery(paymentsQueryOptions());
  const checkout = links.data?.checkout === true;
  if (!checkout && (payments.isPending || payments.data?.length === 0)) return null;

  return (
    <Card as="section" className="profile-card" labelledBy="payments-card-title">
      <h2 id="payments-card-title" className="profile-card__title">
        Payments
      </h2>
      <QueryStatus
        query={payments}
        loading="Loading your payments..."
        error={paymentMessages.listFailed}
        empty={<p className="profile-card__empty">No payments yet.</p>}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <ul className="payments__list">
            {list.map((payment) => (
              <PaymentItem key={payment.id} payment={payment} />
            ))}
          </ul>
        )}
      </QueryStatus>
    </Card>
  );
}

function PaymentItem({ payment }: { payment: Payment }) {
  const { date } = useDateTimeFormat();
  const plan = paymentPlanName(payment.plan);
  const invoice = continuablePaymentUrl(payment);
  const missing = payment.state === 'partially_paid' ? missingAmountText(payment) : null;
  return (
    <li className="payments__item">
      <div className="payments__line">
        <time className="payments__date" dateTime={payment.createdAt}>
          {date(payment.createdAt)}
        </time>
        <span className="payments__plan">{plan}</span>
        <span className="payments__price">{formatUsd(payment.priceUsd)}</span>
        <PaymentStateBadge state={payment.state} />
      </div>
      {missing ? <p className="payments__note">{missing}</p> : null}
      {invoice ? (
        <a href={invoice} className="payments__continue">
          Continue payment
          <span className="visually-hidden">
            : {plan}, {date(payment.createdAt)}
          </span>
        </a>
      ) : null}
    </li>
  );
}
