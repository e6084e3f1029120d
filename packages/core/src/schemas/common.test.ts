import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  booleanField,
  dataResponse,
  IdParamsSchema,
  intField,
  IsoDateTimeSchema,
  nonNegativeAmount,
  numberField,
  positiveAmount,
  requiredText,
  SuccessResponseSchema,
  textField,
  wholeNumberText,
} from './common.js';

const message = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('field builders name the field in their messages', () => {
  it.each([
    ['number missing', numberField('Entry'), undefined, 'Entry is required'],
    ['number as text', numberField('Entry'), '12', 'Entry must be a number'],
    ['number infinite', numberField('Entry'), Number.POSITIVE_INFINITY, 'Entry must be a number'],
    ['amount negative', nonNegativeAmount('Entry'), -1, 'Entry must be 0 or more'],
    ['amount huge', nonNegativeAmount('Entry'), 1e13, 'Entry is too large'],
    ['positive zero', positiveAmount('Account size'), 0, 'Account size must be greater than 0'],
    ['int fraction', intField('Trades', 0, 10), 1.5, 'Trades must be a whole number'],
    ['int above', intField('Trades', 0, 10), 11, 'Trades must be at most 10'],
    ['int below', intField('Trades', 0, 10), -1, 'Trades must be at least 0'],
    ['boolean as text', booleanField('Active'), 'yes', 'Active must be true or false'],
    ['text too long', textField('Notes', 3), 'abcd', 'Notes must be at most 3 characters'],
    ['text as number', textField('Notes', 3), 3, 'Notes must be text'],
    ['required blank', requiredText('Name', 10), '  ', 'Name is required'],
    ['bad id', IdParamsSchema, { id: 'a b' }, 'Id is not valid'],
    ['bad date', IsoDateTimeSchema, '2025-13-01', 'Must be a date and time in ISO 8601 format'],
  ])('%s', (_scenario, schema, input, expected) => {
    expect(message(schema, input)).toBe(expected);
  });

  it.each([
    ['a fine amount', nonNegativeAmount('Entry'), 0],
    ['trimmed text', textField('Notes', 3), '  ab  '],
    ['an id', IdParamsSchema, { id: '4f1c-9_x' }],
    ['an ISO time with offset', IsoDateTimeSchema, '2025-01-01T10:00:00+02:00'],
  ])('accepts %s', (_scenario, schema, input) => {
    expect(schema.safeParse(input).success).toBe(true);
  });
});

describe('response envelopes', () => {
  it('dataResponse wraps data; SuccessResponse carries an optional message', () => {
    expect(dataResponse(z.array(z.number())).parse({ success: true, data: [1] })).toEqual({
      success: true,
      data: [1],
    });
    expect(SuccessResponseSchema.parse({ success: true, extra: 1 })).toEqual({ success: true });
  });
});

describe('wholeNumberText', () => {
  const page = wholeNumberText('Page must be 1 to 9', 1, 9);

  it('reads digits as the number they spell', () => {
    expect(page.parse('7')).toBe(7);
    expect(page.parse('007')).toBe(7);
  });

  it.each(['', ' ', '3 ', '+3', '-1', '1.0', '1e0', '0x1', '10', '0', 3])(
    'refuses %j with the one message',
    (input) => {
      expect(message(page, input)).toBe('Page must be 1 to 9');
    },
  );
});

describe('amounts too small to compute with (issue 29, finding 9)', () => {
  it('refuses a positive amount below MIN_AMOUNT, such as 5e-324, with a message', () => {
    const entry = positiveAmount('Entry');
    const tiny = entry.safeParse(5e-324);
    expect(tiny.success).toBe(false);
    expect(tiny.error?.issues[0]?.message).toBe('Entry is too small');
    expect(entry.safeParse(1e-12).success).toBe(true);
    expect(entry.safeParse(-0).success).toBe(false);
    expect(entry.safeParse(1e12 + 1).success).toBe(false);
  });

  it('keeps 0 for an amount that may be 0, and refuses what lies between 0 and MIN_AMOUNT', () => {
    const size = nonNegativeAmount('Size');
    expect(size.safeParse(0).success).toBe(true);
    expect(size.safeParse(-0).success).toBe(true);
    expect(size.safeParse(1e-300).error?.issues[0]?.message).toBe('Size is too small');
    expect(size.safeParse(0.00001).success).toBe(true);
  });
});
