/** Codes the client makes up itself when the server gave no error body. */
export type ClientErrorCode = 'TIMEOUT' | 'NETWORK_ERROR' | 'HTTP_ERROR' | 'BAD_RESPONSE';

/**
 * Every failed API call throws this. `fromServer` is true when the message came from the
 * server's `{ error: { code, message, field } }` body and is therefore fit to show as is.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly fromServer: boolean;
  /** 403 SESSION_ENDED and 409 COOLDOWN: why (STOPLOSSES, DAILY_TRADES or DAILY_LOSS). */
  readonly reason: string | undefined;
  /** 403 SESSION_ENDED and 409 COOLDOWN: the ISO instant trading opens again. */
  readonly reopensAt: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    field?: string | undefined;
    fromServer?: boolean;
    reason?: string | undefined;
    reopensAt?: string | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.fromServer = init.fromServer ?? false;
    this.reason = init.reason;
    this.reopensAt = init.reopensAt;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's message when it sent one, otherwise the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.fromServer && error.message ? error.message : fallback;
}

/** What an error body holds: `{ error: { code, message, field?, reason?, reopensAt? } }`. */
export interface ErrorBodyFields {
  code: string;
  message: string;
  field?: string;
  reason?: string;
  reopensAt?: string;
}

/** Reads an error body without trusting its shape; optional fields only when strings. */
export function parseErrorBody(body: unknown): ErrorBodyFields | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error: unknown = body.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, field, reason, reopensAt } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  return {
    code,
    message,
    ...(typeof field === 'string' && { field }),
    ...(typeof reason === 'string' && { reason }),
    ...(typeof reopensAt === 'string' && { reopensAt }),
  };
}
