import { isAllowedText, notAllowedMessage, text, type PaymentState } from '@tb/core';
import { z } from 'zod';

/**
 * The IPN route's body at the edge: any JSON object (NOWPayments adds fields as it likes, and
 * the signature covers them all), whose text fields the app reads carry no NUL or lone
 * surrogate (400 naming the field, like every other route). IpnSchema reads it after the
 * signature was checked.
 */
export const IpnBodySchema = z
  .looseObject({
    payment_status: text('payment_status').optional(),
    order_id: text('order_id').optional(),
    price_currency: text('price_currency').optional(),
    pay_currency: text('pay_currency').nullish(),
  })
  .superRefine((body, ctx) => refuseBadText(body, [], ctx));

/** A NUL or lone surrogate in any key or text of `value` (the IPN is stored as jsonb). */
function refuseBadText(value: unknown, path: PropertyKey[], ctx: z.RefinementCtx): void {
  if (typeof value === 'string') {
    if (!isAllowedText(value)) {
      ctx.addIssue({
        code: 'custom',
        message: notAllowedMessage(String(path.at(-1) ?? 'IPN')),
        path,
      });
    }
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) {
    if (!isAllowedText(key)) {
      ctx.addIssue({ code: 'custom', message: notAllowedMessage('A field name'), path });
      continue;
    }
    // The named fields report for themselves.
    if (
      path.length === 0 &&
      ['payment_status', 'order_id', 'price_currency', 'pay_currency'].includes(key)
    )
      continue;
    refuseBadText(inner, [...path, key], ctx);
  }
}

/** A number as NOWPayments sends it: a JSON number or a decimal string. */
const amount = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);

/** The fields of a NOWPayments IPN the app reads (others are kept in the event's body). */
export const IpnSchema = z.object({
  payment_id: z.union([z.number().int(), z.string().regex(/^\d{1,30}$/)]).transform(String),
  payment_status: z.string().min(1).max(40),
  order_id: z.string().min(1).max(100),
  price_amount: amount,
  price_currency: z.string().min(1).max(20),
  pay_amount: amount.nullish(),
  actually_paid: amount.nullish(),
  pay_currency: z.string().max(20).nullish(),
});
export type Ipn = z.infer<typeof IpnSchema>;

/** NOWPayments' statuses that activate a plan (the money is on the chain and confirmed). */
export const ACTIVATING = new Set(['finished', 'confirmed']);

/** NOWPayments' status in the app's words; undefined for one the app does not know. */
export function stateOf(status: string): PaymentState | undefined {
  switch (status) {
    case 'waiting':
      return 'waiting';
    case 'confirming':
    case 'sending':
      return 'confirming';
    case 'confirmed':
    case 'finished':
      return 'paid';
    case 'partially_paid':
      return 'partially_paid';
    case 'expired':
      return 'expired';
    case 'failed':
      return 'failed';
    case 'refunded':
      return 'refunded';
    default:
      return undefined;
  }
}

/**
 * Whether the IPN pays the invoice in full: the price and its currency as the invoice asked
 * (USD), and, when the provider says what arrived, no less than it asked in the paid currency.
 */
export function paysInFull(ipn: Ipn, priceUsd: number): boolean {
  if (ipn.price_currency.toLowerCase() !== 'usd') return false;
  if (ipn.price_amount + 1e-9 < priceUsd) return false;
  if (ipn.pay_amount != null && ipn.actually_paid != null) {
    return ipn.actually_paid + 1e-12 >= ipn.pay_amount;
  }
  return true;
}
