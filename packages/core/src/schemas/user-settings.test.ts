import { describe, expect, it } from 'vitest';
import { UserSettingsRequestSchema } from './user-settings.js';

describe('UserSettingsRequestSchema', () => {
  it.each([true, false])('takes liveTradingEnabled %s', (liveTradingEnabled) => {
    expect(UserSettingsRequestSchema.parse({ liveTradingEnabled })).toEqual({
      liveTradingEnabled,
    });
  });

  it('takes flattenOnSessionEnd alone: only the settings sent change', () => {
    expect(UserSettingsRequestSchema.parse({ flattenOnSessionEnd: true })).toEqual({
      flattenOnSessionEnd: true,
    });
  });

  it.each([
    ['nothing', {}, 'Name a setting to change'],
    ['a string', { liveTradingEnabled: 'true' }, 'Live trading must be true or false'],
    ['null', { liveTradingEnabled: null }, 'Live trading must be true or false'],
  ])('refuses %s', (_name, body, message) => {
    const result = UserSettingsRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
