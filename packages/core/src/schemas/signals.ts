import { z } from 'zod';
import {
  isDiscordWebhookUrl,
  webhookMessages,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookUrlOptions,
} from '../signals/webhook.js';
import { booleanField } from './common.js';
import { text } from './text.js';

/** Which events are sent (SPEC.md section 3: positions, orders, cancels). */
export const SignalTypesSchema = z.object({
  positions: booleanField('Positions signals').default(true),
  orders: booleanField('Orders signals').default(true),
  cancels: booleanField('Cancel signals').default(true),
});
export type SignalTypes = z.infer<typeof SignalTypesSchema>;

/** A Discord webhook URL (trimmed); `options` may allow a test receiver's origin. */
export function webhookUrlSchema(options: WebhookUrlOptions = {}) {
  return text('Webhook URL', webhookMessages.required)
    .trim()
    .min(1, webhookMessages.required)
    .max(WEBHOOK_URL_MAX_LENGTH, webhookMessages.invalid)
    .refine((url) => isDiscordWebhookUrl(url, options), { message: webhookMessages.invalid });
}

/**
 * PUT /api/signals/settings. `webhookUrl`: a new URL, `null` to remove the stored one, or
 * absent to keep it (the stored URL is never sent back, so the form cannot echo it).
 */
export function signalSettingsRequestSchema(options: WebhookUrlOptions = {}) {
  return z.object({
    webhookUrl: webhookUrlSchema(options).nullable().optional(),
    active: booleanField('Signals active'),
    types: SignalTypesSchema.default({ positions: true, orders: true, cancels: true }),
  });
}

/** {@link signalSettingsRequestSchema} with Discord URLs only (production). */
export const SignalSettingsRequestSchema = signalSettingsRequestSchema();
export type SignalSettingsRequest = z.infer<typeof SignalSettingsRequestSchema>;

/** GET /api/signals/settings: the URL only in masked form. */
export const SignalSettingsResponseSchema = z.object({
  hasWebhook: z.boolean(),
  maskedWebhookUrl: z.string().nullable(),
  active: z.boolean(),
  types: SignalTypesSchema,
});
export type SignalSettingsResponse = z.infer<typeof SignalSettingsResponseSchema>;
