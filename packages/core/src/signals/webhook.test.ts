import { describe, expect, it } from 'vitest';
import {
  isDiscordWebhookUrl,
  maskWebhookUrl,
  webhookMessages,
  webhookUrlError,
} from './webhook.js';

const good = 'https://discord.com/api/webhooks/123456789012345678/AbC-dEf_123';

describe('isDiscordWebhookUrl / webhookUrlError', () => {
  it.each([
    ['a discord.com webhook', good, true],
    ['a discordapp.com webhook', 'https://discordapp.com/api/webhooks/1/token', true],
    ['upper-case host', 'https://Discord.com/api/webhooks/1/token', true],
    ['a trailing slash', `${good}/`, true],
    ['plain http', 'http://discord.com/api/webhooks/1/token', false],
    ['another host', 'https://evil.com/api/webhooks/1/token', false],
    ['a look-alike host', 'https://discord.com.evil.com/api/webhooks/1/token', false],
    ['user info before the host', 'https://discord.com@evil.com/api/webhooks/1/token', false],
    ['a port', 'https://discord.com:8443/api/webhooks/1/token', false],
    ['another path', 'https://discord.com/api/channels/1/messages', false],
    ['no token', 'https://discord.com/api/webhooks/1', false],
    ['a query string', `${good}?wait=true`, false],
    ['a non-numeric id', 'https://discord.com/api/webhooks/abc/token', false],
    ['not a URL', 'discord', false],
    ['far too long', `${good}${'a'.repeat(400)}`, false],
  ])('%s → %s', (_scenario, url, expected) => {
    expect(isDiscordWebhookUrl(url)).toBe(expected);
    expect(webhookUrlError(url)).toBe(expected ? null : webhookMessages.invalid);
  });

  it('asks for a URL when empty', () => {
    expect(webhookUrlError('  ')).toBe(webhookMessages.required);
  });

  it('accepts a test receiver only when its origin is allowed', () => {
    const local = 'http://127.0.0.1:4010/hook';
    expect(isDiscordWebhookUrl(local)).toBe(false);
    expect(isDiscordWebhookUrl(local, { extraOrigins: ['http://127.0.0.1:4010/'] })).toBe(true);
    expect(
      isDiscordWebhookUrl('http://127.0.0.1:4011/hook', {
        extraOrigins: ['http://127.0.0.1:4010'],
      }),
    ).toBe(false);
  });

  it('has the error text of SPEC.md', () => {
    expect(webhookMessages.invalid).toBe('Invalid Discord webhook URL format');
  });
});

describe('maskWebhookUrl', () => {
  it.each([
    ['hides the token', good, 'https://discord.com/api/webhooks/123456789012345678/****'],
    ['unreadable input', 'nope', '****'],
  ])('%s', (_scenario, url, expected) => {
    expect(maskWebhookUrl(url)).toBe(expected);
  });
});
