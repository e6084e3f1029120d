import { z } from 'zod';
import { booleanField } from './common.js';
import { PlanIdSchema, SubscriptionSchema } from './users.js';

/** Whether the free 3-day plan can be claimed now, and if not, from when. */
export const FreeTrialStatusSchema = z.object({
  available: z.boolean(),
  /** ISO time the free plan can be claimed again; null when it is available now. */
  nextClaimAt: z.string().nullable(),
});
export type FreeTrialStatus = z.infer<typeof FreeTrialStatusSchema>;

/**
 * GET /api/subscription and GET /api/users/:id/subscription; also the answer of every call
 * that changes a subscription. `isPaidUser` is the effective premium (admin flag or a period
 * still running, cancelled or not).
 */
export const SubscriptionResponseSchema = z.object({
  subscription: SubscriptionSchema,
  isPaidUser: booleanField('Premium status'),
  freeTrial: FreeTrialStatusSchema,
  message: z.string().optional(),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponseSchema>;

/**
 * POST /api/subscription/cancel (and the admin variant): the subscription with its kept
 * `endDate` and `remainingDays`, and whether the user is still premium (until the end date).
 */
export const CancelSubscriptionResponseSchema = SubscriptionResponseSchema;
export type CancelSubscriptionResponse = SubscriptionResponse;

/**
 * GET /api/payment/links: the crypto payment link configured for each plan on sale, or null
 * when the installation has none for it (the page then says so instead of a dead button).
 */
export const PaymentLinksResponseSchema = z.object({
  links: z.object({
    monthly: z.string().nullable(),
    quarterly: z.string().nullable(),
    annual: z.string().nullable(),
  }),
  /**
   * True when NOWPayments is configured (DESIGN.md section 14): "Pay" then creates an invoice
   * for the signed-in trader (POST /api/payments) instead of opening a static link.
   */
  checkout: z.boolean(),
});
export type PaymentLinksResponse = z.infer<typeof PaymentLinksResponseSchema>;

/** POST /api/users/:id/subscription/add (admin). */
export const AddSubscriptionRequestSchema = z.object({ plan: PlanIdSchema });
export type AddSubscriptionRequest = z.infer<typeof AddSubscriptionRequestSchema>;

const endDateMessage = 'End date must be a date (YYYY-MM-DD) or an ISO date and time';

/**
 * POST /api/users/:id/subscription/set-date (admin). Accepts '2025-12-31' (midnight UTC) or a
 * full ISO date-time; the parsed value is the ISO date-time string.
 */
export const SetSubscriptionDateRequestSchema = z.object({
  endDate: z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: endDateMessage })
    .transform((value) => new Date(value).toISOString()),
});
export type SetSubscriptionDateRequest = z.infer<typeof SetSubscriptionDateRequestSchema>;
