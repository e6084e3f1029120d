import { describe, expect, it } from 'vitest';
import {
  ContactMessageListQuerySchema,
  ContactMessageRequestSchema,
  contactWaitText,
} from './contact.js';

const firstMessage = (input: unknown) =>
  ContactMessageRequestSchema.safeParse(input).error?.issues[0]?.message;

describe('contact message', () => {
  it('trims the fields and lower-cases the email', () => {
    expect(
      ContactMessageRequestSchema.parse({ name: ' Ann ', email: 'A@B.co ', message: ' hi ' }),
    ).toEqual({ name: 'Ann', email: 'a@b.co', message: 'hi' });
  });

  it.each([
    ['no name', { email: 'a@b.co', message: 'hi' }, 'Please enter your name'],
    ['a blank name', { name: '  ', email: 'a@b.co', message: 'hi' }, 'Please enter your name'],
    ['no email', { name: 'Ann', message: 'hi' }, 'Please enter your email'],
    [
      'a bad email',
      { name: 'Ann', email: 'ann', message: 'hi' },
      'Please enter a valid email address',
    ],
    ['a blank message', { name: 'Ann', email: 'a@b.co', message: ' ' }, 'Please enter a message'],
    [
      'a long message',
      { name: 'Ann', email: 'a@b.co', message: 'x'.repeat(5001) },
      'Message must be at most 5000 characters',
    ],
    [
      'a long name',
      { name: 'x'.repeat(101), email: 'a@b.co', message: 'hi' },
      'Name must be at most 100 characters',
    ],
    [
      'a NUL byte',
      { name: 'A\u0000', email: 'a@b.co', message: 'hi' },
      'Name contains characters that are not allowed.',
    ],
  ])('refuses %s with a readable message', (_scenario, input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('pages default to the first 20', () => {
    expect(ContactMessageListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(ContactMessageListQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
  });
});

describe('contactWaitText', () => {
  it.each([
    [1, '1 second'],
    [1500, '2 seconds'],
    [59_000, '59 seconds'],
    [60_000, '1 minute'],
    [61_000, '2 minutes'],
    [3_600_000, '60 minutes'],
  ])('%i ms reads "%s"', (ms, text) => {
    expect(contactWaitText(ms)).toBe(text);
  });
});
