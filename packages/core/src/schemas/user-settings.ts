import { z } from 'zod';
import { booleanField } from './common.js';

/**
 * The signed-in user's settings kept on the server, so that every browser and device sees the
 * same choice. `liveTradingEnabled`: the dashboard reads and trades through the connected
 * exchange (off until the user turns it on).
 */
export const UserSettingsSchema = z.object({
  liveTradingEnabled: z.boolean(),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** PUT /api/users/settings. */
export const UserSettingsRequestSchema = z.object({
  liveTradingEnabled: booleanField('Live trading'),
});
export type UserSettingsRequest = z.infer<typeof UserSettingsRequestSchema>;
