import { useQuery } from '@tanstack/react-query';
import {
  PAYMENT_STATE_LABELS,
  PaymentStateSchema,
  type AdminPayment,
  type PaymentState,
} from '@tb/core';
import { useId, useState } from 'react';
import { Card, QueryStatus } from '@/components';
import { formatCoinAmount, paymentPlanName, PaymentStateBadge } from '@/features/payment';
import { formatUsd } from '@/lib/format';
import { adminPaymentsQueryOptions, PAYMENTS_LIMIT } from '../api';
import { formatDateTime } from './format';

/**
 * The NOWPayments payments (issue 30), newest first, of one state or all: who paid for what,
 * the price and what the provider asked and received in the coin, and when it activated.
 */
export function PaymentsCard() {
  const filterId = useId();
  const [state, setState] = useState<PaymentState | null>(null);
  const list = useQuery(adminPaymentsQueryOptions(state));

  return (
    <section id="payments" aria-labelledby="admin-payments">
      <Card className="admin-card">
        <div className="admin-card__header">
          <div>
            <h2 id="admin-payments" className="admin-card__title">
              Payments
            </h2>
            <p className="admin-muted">The latest {PAYMENTS_LIMIT}, newest first.</p>
          </div>
          <div className="field admin-filter">
            <label className="field__label" htmlFor={filterId}>
              Payment state
            </label>
            {/* The design system has no select yet; this one borrows the text field's look. */}
            <select
              id={filterId}
              className="field__control"
              value={state ?? ''}
              onChange={(e) =>
                setState(e.target.value ? PaymentStateSchema.parse(e.target.value) : null)
              }
            >
              <option value="">All states</option>
              {PaymentStateSchema.options.map((s) => (
                <option key={s} value={s}>
                  {PAYMENT_STATE_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <QueryStatus
          query={list}
          loading="Loading payments..."
          error="Failed to load the payments"
          isEmpty={(data) => data.payments.length === 0}
          empty={
            <p className="admin-state admin-muted">
              {state
                ? `No payments are ${PAYMENT_STATE_LABELS[state].toLowerCase()}`
                : 'No payments yet'}
            </p>
          }
        >
          {(data) => <PaymentsTable payments={data.payments} updating={list.isPlaceholderData} />}
        </QueryStatus>
      </Card>
    </section>
  );
}

function PaymentsTable({
  payments,
  updating,
}: {
  payments: readonly AdminPayment[];
  updating: boolean;
}) {
  return (
    <div
      className="table-scroll"
      role="region"
      aria-labelledby="admin-payments-caption"
      tabIndex={0}
    >
      <table
        className={`data-table data-table--stack admin-table${updating ? ' data-table--updating' : ''}`}
        aria-busy={updating || undefined}
      >
        <caption id="admin-payments-caption" className="visually-hidden">
          Payments, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col">Plan</th>
            <th scope="col">Amount</th>
            <th scope="col">State</th>
            <th scope="col">Created</th>
            <th scope="col">Activated</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <PaymentRow key={payment.id} payment={payment} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PaymentRow({ payment }: { payment: AdminPayment }) {
  return (
    <tr>
      <th scope="row" className="admin-table__user">
        {payment.user?.username ?? <span className="muted">Deleted user</span>}
      </th>
      <td data-label="Plan">{paymentPlanName(payment.plan)}</td>
      <td data-label="Amount">
        <span className="admin-cell-stack">
          <span>{formatUsd(payment.priceUsd)}</span>
          <CoinAmounts payment={payment} />
        </span>
      </td>
      <td data-label="State">
        <span className="admin-cell-stack">
          <PaymentStateBadge state={payment.state} />
          {payment.providerPaymentId ? (
            <span className="muted">NOWPayments id {payment.providerPaymentId}</span>
          ) : null}
        </span>
      </td>
      <td className="admin-table__time" data-label="Created">
        <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time>
      </td>
      <td className="admin-table__time" data-label="Activated">
        {payment.activatedAt ? (
          <time dateTime={payment.activatedAt}>{formatDateTime(payment.activatedAt)}</time>
        ) : (
          <span className="muted">Not activated</span>
        )}
      </td>
    </tr>
  );
}

/** What the invoice asks in the chosen coin, and what arrived when that differs. */
function CoinAmounts({ payment }: { payment: AdminPayment }) {
  const { payCurrency, payAmount, actuallyPaid } = payment;
  if (payCurrency === null || payAmount === null) {
    return <span className="muted">Coin not chosen yet</span>;
  }
  return (
    <>
      <span>{formatCoinAmount(payAmount, payCurrency)}</span>
      {actuallyPaid !== null && actuallyPaid !== payAmount ? (
        <span className="muted">received {formatCoinAmount(actuallyPaid, payCurrency)}</span>
      ) : null}
    </>
  );
}
