import { z } from 'zod';
import { PURCHASABLE_PLAN_IDS } from '../plans/catalogue.js';
import { wholeNumberText } from './common.js';
import type { PlanId } from './users.js';

/**
 * A payment's state as the trader and the admin see it (DESIGN.md section 14), from the
 * provider's statuses: `waiting` (invoice open, nothing sent yet), `confirming` (sent, the chain
 * confirms it), `paid` (finished or confirmed: the plan is active), `partially_paid` (less than
 * the invoice arrived: no plan), `expired`, `failed`, `refunded`.
 */
export const PAYMENT_STATES = [
  'waiting',
  'confirming',
  'paid',
  'partially_paid',
  'expired',
  'failed',
  'refunded',
] as const;
export const PaymentStateSchema = z.enum(PAYMENT_STATES);
export type PaymentState = z.infer<typeof PaymentStateSchema>;

/** What the trader reads of each state. */
export const PAYMENT_STATE_LABELS: Readonly<Record<PaymentState, string>> = {
  waiting: 'Waiting for payment',
  confirming: 'Confirming',
  paid: 'Paid',
  partially_paid: 'Partially paid',
  expired: 'Expired',
  failed: 'Failed',
  refunded: 'Refunded',
};

const purchasable = PURCHASABLE_PLAN_IDS as readonly [PlanId, ...PlanId[]];

/** POST /api/payments: pay for a plan on sale. */
export const CreatePaymentRequestSchema = z.object({
  plan: z.enum(purchasable, { error: 'Plan must be monthly, quarterly or annual' }),
});
export type CreatePaymentRequest = z.infer<typeof CreatePaymentRequestSchema>;

/** One payment as its trader sees it. Amounts in the paid currency are numbers, or null before the provider says. */
export const PaymentSchema = z.object({
  id: z.string(),
  plan: z.string(),
  /** The invoice's price in US dollars. */
  priceUsd: z.number(),
  state: PaymentStateSchema,
  /** The provider's page where the trader pays; null once it is no use (paid, expired). */
  invoiceUrl: z.string().nullable(),
  /** The currency the trader chose on the invoice (e.g. `btc`), once known. */
  payCurrency: z.string().nullable(),
  /** What the invoice asks in that currency. */
  payAmount: z.number().nullable(),
  /** What arrived so far in that currency. */
  actuallyPaid: z.number().nullable(),
  /** partially_paid: what is still missing in that currency; null otherwise. */
  missing: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the payment activated the plan; null until it did. */
  activatedAt: z.string().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** POST /api/payments: the new payment, whose `invoiceUrl` the trader is sent to. */
export const CreatePaymentResponseSchema = z.object({ payment: PaymentSchema });
export type CreatePaymentResponse = z.infer<typeof CreatePaymentResponseSchema>;

/** GET /api/payments: the trader's own payments, newest first. */
export const PaymentListResponseSchema = z.object({ payments: z.array(PaymentSchema) });
export type PaymentListResponse = z.infer<typeof PaymentListResponseSchema>;

/** A payment in the admin panel: with its trader. */
export const AdminPaymentSchema = PaymentSchema.extend({
  user: z.object({ id: z.string(), username: z.string() }).nullable(),
  /** The provider's id of the latest payment made on the invoice, once one was. */
  providerPaymentId: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

/** GET /api/admin/payments?state=&limit=: newest first. */
export const AdminPaymentsQuerySchema = z.object({
  state: PaymentStateSchema.optional(),
  limit: wholeNumberText('Limit must be a whole number from 1 to 200', 1, 200).default(50),
});
export type AdminPaymentsQuery = z.infer<typeof AdminPaymentsQuerySchema>;

export const AdminPaymentsResponseSchema = z.object({ payments: z.array(AdminPaymentSchema) });
export type AdminPaymentsResponse = z.infer<typeof AdminPaymentsResponseSchema>;
