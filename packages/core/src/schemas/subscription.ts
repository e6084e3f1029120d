import { z } from 'zod';
import { booleanField } from './common.js';
import { PlanIdSchema, SubscriptionSchema } from './users.js';

/** GET /api/subscription and GET /api/users/:id/subscription. */
export const SubscriptionResponseSchema = z.object({
  subscription: SubscriptionSchema,
  isPaidUser: booleanField('Premium status'),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponseSchema>;

/**
 * POST /api/subscription/cancel (and the admin variant): the subscription with its kept
 * `endDate` and `remainingDays`, and whether the user is still premium (until the end date).
 */
export const CancelSubscriptionResponseSchema = SubscriptionResponseSchema.extend({
  message: z.string().optional(),
});
export type CancelSubscriptionResponse = z.infer<typeof CancelSubscriptionResponseSchema>;

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
