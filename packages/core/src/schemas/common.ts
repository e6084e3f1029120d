import { z } from 'zod';
import { text } from './text.js';

/**
 * Building blocks of the API schemas. Every field names itself in its messages so a 400
 * answer reads as a sentence ('Entry price must be a number'). Objects are plain `z.object`,
 * which strips unknown keys: clients may send extra fields (the local trade copy carries
 * more than the server keeps) without being refused, and nothing unknown reaches the database.
 * Every string of a request is built on {@link text}, which refuses NUL bytes and lone
 * surrogates.
 */

/** Largest amount or price accepted anywhere (dollars or units); keeps sums finite. */
export const MAX_AMOUNT = 1e12;
/**
 * Smallest amount or price above 0 accepted anywhere: a size divided by a price this small
 * still fits a number (5e-324 made Infinity and a 500, issue 29), and no market quotes less.
 */
export const MIN_AMOUNT = 1e-12;

/** A finite number; messages name the field. */
export function numberField(label: string) {
  return z.number({
    error: (issue) =>
      issue.input === undefined ? `${label} is required` : `${label} must be a number`,
  });
}

/** 0, or a finite number from {@link MIN_AMOUNT} to {@link MAX_AMOUNT}. */
export function nonNegativeAmount(label: string) {
  return numberField(label)
    .min(0, `${label} must be 0 or more`)
    .max(MAX_AMOUNT, `${label} is too large`)
    .refine((value) => value === 0 || value >= MIN_AMOUNT, `${label} is too small`);
}

/** A finite number from {@link MIN_AMOUNT} to {@link MAX_AMOUNT}. */
export function positiveAmount(label: string) {
  return numberField(label)
    .gt(0, `${label} must be greater than 0`)
    .max(MAX_AMOUNT, `${label} is too large`)
    .refine((value) => value >= MIN_AMOUNT, `${label} is too small`);
}

/** A whole number within bounds. */
export function intField(label: string, min: number, max: number) {
  return numberField(label)
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);
}

/**
 * A whole number sent as text (a path or query value): digits only, then bounded. Stricter
 * than `z.coerce.number()`, which reads '', ' ' and '0x10' as numbers, so a blank `:index`
 * became cell 0.
 */
export function wholeNumberText(message: string, min: number, max: number) {
  return z
    .string({ error: message })
    .regex(/^\d{1,16}$/, message)
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));
}

/** A boolean; messages name the field. */
export function booleanField(label: string) {
  return z.boolean({
    error: (issue) =>
      issue.input === undefined ? `${label} is required` : `${label} must be true or false`,
  });
}

/** A trimmed string of at most `max` characters (may be empty). */
export function textField(label: string, max: number) {
  return text(label).trim().max(max, `${label} must be at most ${max} characters`);
}

/** A trimmed, non-empty string of at most `max` characters. */
export function requiredText(label: string, max: number) {
  return textField(label, max).min(1, `${label} is required`);
}

/** A record id as the server issues them (uuid or similar): 1-64 letters, digits, - and _. */
export const IdSchema = text('Id', 'Id is required')
  .trim()
  .min(1, 'Id is required')
  .max(64, 'Id is not valid')
  .regex(/^[A-Za-z0-9_-]+$/, 'Id is not valid');

/** `:id` path parameter. */
export const IdParamsSchema = z.object({ id: IdSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** An ISO 8601 date-time with zone ('2025-01-31T12:00:00.000Z'). */
export const IsoDateTimeSchema = z.iso.datetime({
  offset: true,
  error: 'Must be a date and time in ISO 8601 format',
});

/** `{ success, data }` envelope used where SPEC.md's client expects one. */
export function dataResponse<T extends z.ZodType>(data: T) {
  return z.object({ success: z.boolean(), data, message: z.string().optional() });
}

/** `{ success: true }` or `{ success: true, message }` answers of deletes and resets. */
export const SuccessResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
});
export type SuccessResponse = z.infer<typeof SuccessResponseSchema>;
