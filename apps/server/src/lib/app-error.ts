import type { ErrorCode, Failure } from '@tb/core';

export type { ErrorCode };

/**
 * The one error type services throw; the error handler turns it into `{ error: {...} }`.
 * `details` are facts the client acts on, sent beside the message (403 SESSION_ENDED and 409
 * COOLDOWN: `reason`, `reopensAt`).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly details?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The body an AppError answers with (the error handler's, and a replayed Idempotency-Key's). */
export function appErrorBody(err: AppError) {
  const { code, message, field, details } = err;
  return { error: { ...details, code, message, ...(field && { field }) } };
}

export const badRequest = (message: string, field?: string) =>
  new AppError(400, 'VALIDATION_ERROR', message, field);
export const unauthorized = (message = 'Please log in to continue') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (code: ErrorCode, message: string) => new AppError(403, code, message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (code: ErrorCode, message: string, field?: string) =>
  new AppError(409, code, message, field);

const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  PREMIUM_REQUIRED: 403,
  SESSION_ENDED: 403,
  FORBIDDEN: 403,
  COOLDOWN: 409,
  STALE_VERSION: 409,
  CONFLICT: 409,
};

/** Unwraps a core Result: its value, or the AppError its failure code stands for (with its details). */
export function unwrap<T>(result: { ok: true; value: T } | Failure): T {
  if (result.ok) return result.value;
  const { code, message, field, details } = result;
  throw new AppError(STATUS_BY_CODE[code] ?? 400, code, message, field, details);
}
