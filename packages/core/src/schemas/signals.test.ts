import { describe, expect, it } from 'vitest';
import {
  signalSettingsRequestSchema,
  SignalSettingsRequestSchema,
  SignalSettingsResponseSchema,
  webhookUrlSchema,
} from './signals.js';

const url = 'https://discord.com/api/webhooks/123/abc';

describe('signal settings', () => {
  it('saves a webhook with all signal types on by default', () => {
    expect(SignalSettingsRequestSchema.parse({ webhookUrl: ` ${url} `, active: true })).toEqual({
      webhookUrl: url,
      active: true,
      types: { positions: true, orders: true, cancels: true },
    });
  });

  it('null removes the stored URL and absence keeps it', () => {
    expect(
      SignalSettingsRequestSchema.parse({ webhookUrl: null, active: false }).webhookUrl,
    ).toBeNull();
    expect('webhookUrl' in SignalSettingsRequestSchema.parse({ active: false })).toBe(false);
  });

  it.each([
    ['another host', 'https://example.com/api/webhooks/1/a', 'Invalid Discord webhook URL format'],
    ['an empty URL', '', 'Webhook URL is required'],
  ])('refuses %s', (_scenario, webhookUrl, message) => {
    expect(
      SignalSettingsRequestSchema.safeParse({ webhookUrl, active: true }).error?.issues[0]?.message,
    ).toBe(message);
  });

  it('a test receiver is accepted only by a schema built to allow it', () => {
    const local = 'http://127.0.0.1:4010/hook';
    expect(webhookUrlSchema().safeParse(local).success).toBe(false);
    expect(
      signalSettingsRequestSchema({ extraOrigins: ['http://127.0.0.1:4010'] }).safeParse({
        webhookUrl: local,
        active: true,
      }).success,
    ).toBe(true);
  });

  it('answers with the URL masked', () => {
    const answer = {
      hasWebhook: true,
      maskedWebhookUrl: 'https://discord.com/api/webhooks/123/****',
      active: true,
      types: { positions: true, orders: false, cancels: true },
    };
    expect(SignalSettingsResponseSchema.parse(answer)).toEqual(answer);
  });
});
