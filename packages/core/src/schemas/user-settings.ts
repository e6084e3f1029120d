import { z } from 'zod';
import { booleanField } from './common.js';

/**
 * The signed-in user's settings kept on the server, so that every browser and device sees the
 * same choice. `liveTradingEnabled`: the dashboard reads and trades through the connected
 * exchange (off until the user turns it on).
 */
export const UserSettingsSchema = z.object({
  liveTradingEnabled: z.boolean(),
  /**
   * "Close my positions when the session ends" (off by default): when the session ends, the
   * account's open positions are closed at market, not only the resting entries cancelled.
   */
  flattenOnSessionEnd: z.boolean().optional(),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** PUT /api/users/settings: the settings to change; the others stay as they are. */
export const UserSettingsRequestSchema = z
  .object({
    liveTradingEnabled: booleanField('Live trading').optional(),
    flattenOnSessionEnd: booleanField('Close my positions when the session ends').optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Name a setting to change',
  });
export type UserSettingsRequest = z.infer<typeof UserSettingsRequestSchema>;
