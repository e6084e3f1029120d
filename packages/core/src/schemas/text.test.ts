import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LoginRequestSchema, RegisterRequestSchema } from './auth.js';
import { CellPatchSchema } from './bingo.js';
import { IdParamsSchema } from './common.js';
import { HistoryQuerySchema, OrderRequestSchema } from './exchange-requests.js';
import { SignalSettingsRequestSchema } from './signals.js';
import { isAllowedText, notAllowedMessage, text } from './text.js';
import { CreateTradeRequestSchema } from './trades.js';
import { AdminUserListQuerySchema, TimeZoneRequestSchema } from './users.js';

const firstMessage = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('isAllowedText', () => {
  it.each([
    ['a NUL byte', 'a\u0000b'],
    ['only a NUL byte', '\u0000'],
    ['a high surrogate alone', 'a\uD800b'],
    ['a high surrogate at the end', 'abc\uDBFF'],
    ['a low surrogate alone', '\uDC00abc'],
    ['two high surrogates', '\uD83D\uD83D\uDE00'],
    ['a reversed pair', '\uDE00\uD83D'],
  ])('refuses %s', (_name, value) => {
    expect(isAllowedText(value)).toBe(false);
  });

  it.each([
    ['plain text', 'Checked the trend'],
    ['an emoji (a surrogate pair)', 'Win 😀🚀'],
    ['accents and other scripts', 'Été 東京 مرحبا'],
    ['control characters PostgreSQL stores', 'tab\there\u0001\u001F'],
    ['direction marks and a BOM', '\u202Eabc\uFEFF'],
    ['the empty string', ''],
  ])('accepts %s', (_name, value) => {
    expect(isAllowedText(value)).toBe(true);
  });

  it('agrees with a UTF-8 round trip on any mix of pairs, halves and NUL bytes', () => {
    const piece = fc.constantFrom('a', 'é', '\u0000', '\uD83D', '\uDE00', '\uD83D\uDE00');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const value = pieces.join('');
        const roundTrips = new TextDecoder().decode(new TextEncoder().encode(value)) === value;
        expect(isAllowedText(value)).toBe(roundTrips && !value.includes('\u0000'));
      }),
    );
  });
});

describe('text()', () => {
  it('refuses forbidden characters with a message naming the field', () => {
    expect(firstMessage(text('Board name'), 'My\u0000board')).toBe(
      'Board name contains characters that are not allowed.',
    );
    expect(notAllowedMessage('Notes')).toBe('Notes contains characters that are not allowed.');
  });

  it('reports forbidden characters before the checks chained after it', () => {
    const username = text('Username')
      .trim()
      .min(3, 'too short')
      .regex(/^[a-z]+$/, 'letters only');
    expect(firstMessage(username, '\u0000')).toBe(
      'Username contains characters that are not allowed.',
    );
    expect(firstMessage(username, 'ab')).toBe('too short');
    expect(username.parse('  abc  ')).toBe('abc');
  });

  it('is reported inside a union rather than the union message', () => {
    const size = z.union([text('Size').max(40), z.number()], { error: 'Size must be a number' });
    expect(firstMessage(size, '1\uD800')).toBe('Size contains characters that are not allowed.');
    expect(firstMessage(size, true)).toBe('Size must be a number');
    expect(size.parse(3)).toBe(3);
  });

  it('names the field when the value is missing or not text, or uses the given message', () => {
    expect(firstMessage(text('Notes'), undefined)).toBe('Notes is required');
    expect(firstMessage(text('Notes'), 42)).toBe('Notes must be text');
    expect(firstMessage(text('Email', 'Please enter your email'), null)).toBe(
      'Please enter your email',
    );
  });

  it('refuses a forbidden record key', () => {
    const props = z.record(text('Widget prop name'), z.string());
    expect(props.safeParse({ 'a\u0000': 'x' }).success).toBe(false);
    expect(props.safeParse({ symbol: 'x' }).success).toBe(true);
  });
});

describe('request schemas refuse forbidden text in every kind of field', () => {
  const nul = (s: string) => `${s}\u0000`;
  it.each([
    [
      'a username',
      RegisterRequestSchema,
      { username: nul('ann'), email: 'a@b.co', password: 'secret1' },
      'username',
      'Username',
    ],
    [
      'an email',
      RegisterRequestSchema,
      { username: 'ann', email: nul('a@b.co'), password: 'secret1' },
      'email',
      'Email',
    ],
    [
      'a password',
      LoginRequestSchema,
      { username: 'ann', password: 'pa\uD800ss' },
      'password',
      'Password',
    ],
    ['a cell title', CellPatchSchema, { title: nul('Trend') }, 'title', 'Title'],
    [
      'trade notes',
      CreateTradeRequestSchema,
      { isLong: true, entryPrice: 100, stopLoss: 90, takeProfit: 120, notes: nul('n') },
      'notes',
      'Notes',
    ],
    [
      'a pair',
      CreateTradeRequestSchema,
      { pair: nul('BTC'), isLong: true, entryPrice: 100, stopLoss: 90, takeProfit: 120 },
      'pair',
      'Pair',
    ],
    [
      'a time zone',
      TimeZoneRequestSchema,
      { timeZone: nul('Europe/Paris') },
      'timeZone',
      'Time zone',
    ],
    [
      'a webhook URL',
      SignalSettingsRequestSchema,
      { webhookUrl: nul('https://discord.com/api/webhooks/1/a'), active: true },
      'webhookUrl',
      'Webhook URL',
    ],
    ['a search', AdminUserListQuerySchema, { search: nul('bob') }, 'search', 'Search'],
    ['a query symbol', HistoryQuerySchema, { symbol: '\uDC00BTC' }, 'symbol', 'Symbol'],
    [
      'an order size as text',
      OrderRequestSchema,
      { symbol: 'BTC', side: 'buy', size: nul('1') },
      'size',
      'Size',
    ],
    ['an id', IdParamsSchema, { id: nul('abc') }, 'id', 'Id'],
  ])('%s', (_name, schema: z.ZodType, input, field, label) => {
    const issue = schema.safeParse(input).error?.issues[0];
    expect(issue?.path).toEqual([field]);
    expect(issue?.message).toBe(notAllowedMessage(label));
  });
});
