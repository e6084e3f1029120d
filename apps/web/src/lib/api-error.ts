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

  constructor(init: {
    status: number;
    code: string;
    message: string;
    field?: string | undefined;
    fromServer?: boolean;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.fromServer = init.fromServer ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's message when it sent one, otherwise the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.fromServer && error.message ? error.message : fallback;
}

/** Reads `{ error: { code, message, field? } }` without trusting its shape. */
export function parseErrorBody(
  body: unknown,
): { code: string; message: string; field?: string } | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error: unknown = body.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, field } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  return typeof field === 'string' ? { code, message, field } : { code, message };
}
