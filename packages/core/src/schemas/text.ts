import { z } from 'zod';

/**
 * Characters no request may carry: NUL (U+0000), which PostgreSQL cannot store in text or
 * jsonb, and a UTF-16 surrogate without its other half, which is no character at all (jsonb
 * refuses its `\uD800` escape, and a text column would silently get U+FFFD instead). Before
 * this check they reached the database and came back as 500s.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses.
const NOT_ALLOWED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `value` holds only characters a request may carry (see {@link text}). */
export function isAllowedText(value: string): boolean {
  return !NOT_ALLOWED.test(value);
}

/** The refusal of text with a NUL byte or a lone surrogate, naming the field. */
export function notAllowedMessage(label: string): string {
  return `${label} contains characters that are not allowed.`;
}

/**
 * The one string schema of every request (body fields, path and query parameters): a string
 * without NUL bytes or lone surrogates. `label` names the field in the messages; `error`
 * replaces the message for a missing or non-string value. Chain trims, bounds and patterns
 * after it: this check comes first, so a refusal names the real problem.
 *
 * The check does not abort, so a union with another type (a number or text) still reports it
 * rather than the union's own message.
 */
export function text(label: string, error?: string) {
  return z
    .string({
      error:
        error ??
        ((issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`)),
    })
    .refine(isAllowedText, { message: notAllowedMessage(label) });
}
