import {
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { subscriptionPlan } from './accounts.js';
import { users } from './users.js';

/**
 * A plan paid through NOWPayments (DESIGN.md section 14). Its id is the invoice's `order_id`,
 * so an IPN names the row it is about; `state` is what the trader and the admin see. A user
 * deleted later leaves the row (user_id set null): it is the record of money received.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The account's name when the payment was made (kept if the account goes). */
    username: text('username').notNull(),
    plan: subscriptionPlan('plan').notNull(),
    priceUsd: numeric('price_usd', { mode: 'number' }).notNull(),
    /** waiting, confirming, paid, partially_paid, expired, failed, refunded. */
    state: text('state').notNull().default('waiting'),
    invoiceId: text('invoice_id'),
    invoiceUrl: text('invoice_url'),
    /** The provider's latest payment on the invoice and its figures (from the IPNs). */
    providerPaymentId: text('provider_payment_id'),
    payCurrency: text('pay_currency'),
    payAmount: numeric('pay_amount', { mode: 'number' }),
    actuallyPaid: numeric('actually_paid', { mode: 'number' }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_state_idx').on(t.state, t.createdAt),
  ],
);

/**
 * Every status the provider reported for each of its payments on one of ours, once: the key
 * makes a replayed or duplicated IPN a no-op, whatever the order the deliveries come in.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    providerPaymentId: text('provider_payment_id').notNull(),
    status: text('status').notNull(),
    /** The IPN as received (it holds no secret). */
    body: jsonb('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.providerPaymentId, t.status] })],
);

export type PaymentRow = typeof payments.$inferSelect;
