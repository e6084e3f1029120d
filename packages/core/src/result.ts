import type { ErrorCode } from './schemas/errors.js';

/** A rule that refused: the API error code and the sentence a person reads. */
export interface Failure<C extends ErrorCode = ErrorCode> {
  ok: false;
  code: C;
  message: string;
  /** The input at fault, when one field is (mirrors the API error body). */
  field?: string;
  /** Facts the client acts on, sent beside the message (SESSION_ENDED: reason, reopensAt). */
  details?: Readonly<Record<string, string>>;
}

/** A rule that succeeded, carrying its new value. */
export interface Success<T> {
  ok: true;
  value: T;
}

/**
 * Expected outcome of a core rule (STYLE.md: results for expected outcomes, throws only on
 * programmer error). Codes are {@link ErrorCode}s so the server maps them straight to HTTP.
 */
export type Result<T, C extends ErrorCode = ErrorCode> = Success<T> | Failure<C>;

/** Wraps a value as a successful {@link Result}. */
export function ok<T>(value: T): Success<T> {
  return { ok: true, value };
}

/** Builds a refused {@link Result}; `field` and `details` are set only when given. */
export function fail<C extends ErrorCode>(
  code: C,
  message: string,
  field?: string,
  details?: Readonly<Record<string, string>>,
): Failure<C> {
  return {
    ok: false,
    code,
    message,
    ...(field !== undefined && { field }),
    ...(details !== undefined && { details }),
  };
}
