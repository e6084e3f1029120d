import { HyperliquidError, TransportError, ValidationError } from '@nktkas/hyperliquid';
import { ApiRequestError } from '@nktkas/hyperliquid/api/exchange';

/*
 * The bottom of the package's import graph with types.ts: this file imports none of the
 * package's own, so every other file (mapping/* included) may import ExchangeError from here.
 */

/** Why an exchange call failed; the server turns each into SPEC.md's messages and a status. */
export type ExchangeErrorKind =
  /** No answer within the time-out (10 s). */
  | 'timeout'
  /** The exchange could not be reached, or answered with a non-JSON or 5xx body. */
  | 'unavailable'
  /** The exchange answered, and refused: `message` is its own text (e.g. "Insufficient margin to place order."). */
  | 'rejected'
  /** The exchange's answer did not have the expected shape. */
  | 'invalid-response'
  /** The symbol is not a market of this exchange. */
  | 'unknown-symbol';

/** The one error type of this package; `message` is safe to show a user. */
export class ExchangeError extends Error {
  override readonly name = 'ExchangeError';
  constructor(
    readonly kind: ExchangeErrorKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Messages of the kinds whose cause the user cannot act on. */
export const TIMEOUT_MESSAGE = 'The exchange did not answer in time';
export const UNAVAILABLE_MESSAGE = 'The exchange could not be reached';
export const INVALID_RESPONSE_MESSAGE = 'The exchange answered with an unexpected response';

/** Live responses end per-order errors with ` asset=N`; users should not see it. */
export function cleanExchangeText(text: string): string {
  return text.replace(/\s*asset=\d+\s*$/, '').trim();
}

/** The exchange's own text of an error response: top-level `response`, or the first `{error}`. */
export function rejectionText(response: unknown): string | null {
  if (typeof response !== 'object' || response === null) return null;
  const body = response as { status?: unknown; response?: unknown };
  if (body.status === 'err' && typeof body.response === 'string') {
    return cleanExchangeText(body.response);
  }
  const data = (body.response as { data?: { statuses?: unknown; status?: unknown } } | undefined)
    ?.data;
  const statuses = Array.isArray(data?.statuses) ? data.statuses : [data?.status];
  for (const status of statuses) {
    const error = (status as { error?: unknown } | null | undefined)?.error;
    if (typeof error === 'string') return cleanExchangeText(error);
  }
  return null;
}

const isTimeoutName = (value: unknown): boolean => {
  const name = (value as { name?: unknown } | null | undefined)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
};

/** The body text of a refused 4xx answer (not 429), when it is text and not JSON. */
function clientErrorText(error: TransportError): string | null {
  const status = (error as { response?: { status?: unknown } }).response?.status;
  if (typeof status !== 'number' || status < 400 || status >= 500 || status === 429) return null;
  const detail = error.message.split(' - ').slice(1).join(' - ').trim();
  return detail && !/^[[{]/.test(detail) ? detail : null;
}

function transportError(error: TransportError): ExchangeError {
  const hasResponse = (error as { response?: unknown }).response !== undefined;
  if (
    !hasResponse &&
    (isTimeoutName(error.cause) || /^Request (timed out|aborted)/.test(error.message))
  ) {
    return new ExchangeError('timeout', TIMEOUT_MESSAGE, { cause: error });
  }
  const refused = clientErrorText(error);
  if (refused) return new ExchangeError('rejected', refused, { cause: error });
  const status = (error as { response?: { status?: number } }).response?.status;
  const message = status ? `${UNAVAILABLE_MESSAGE} (HTTP ${status})` : UNAVAILABLE_MESSAGE;
  return new ExchangeError('unavailable', message, { cause: error });
}

/**
 * One classification of every failure of an exchange call (README: error kinds):
 * ApiRequestError → 'rejected' with the exchange's text; a transport time-out or abort →
 * 'timeout'; no connection, a non-OK or non-JSON answer → 'unavailable' (a 4xx with a text
 * body → 'rejected'); the SDK's ValidationError (of a request: 0.33.3 does not validate
 * answers) and other SDK errors (formatting, signing) → 'rejected' with their message, which
 * never holds a key. A malformed answer is 'invalid-response' through {@link mapResponse}.
 * Anything else (a bug) is rethrown unchanged.
 */
export function toExchangeError(error: unknown): ExchangeError {
  if (error instanceof ExchangeError) return error;
  if (error instanceof ApiRequestError) {
    const text = rejectionText(error.response) ?? cleanExchangeText(error.message);
    return new ExchangeError('rejected', text, { cause: error });
  }
  if (error instanceof TransportError) return transportError(error);
  if (error instanceof ValidationError) {
    // The SDK validates requests only (answers are checked by our mapping: mapResponse).
    const summary = error.message.replace(/[×→]/g, '').replace(/\s+/g, ' ').trim();
    return new ExchangeError('rejected', `Invalid request: ${summary}`, { cause: error });
  }
  if (error instanceof HyperliquidError) {
    return new ExchangeError('rejected', error.message, { cause: error });
  }
  throw error;
}

/** Runs an exchange call and turns its failure into an {@link ExchangeError}. */
export async function exchangeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toExchangeError(error);
  }
}

/** Runs a mapping of a raw answer; a missing field or bad number becomes 'invalid-response'. */
export function mapResponse<T>(map: () => T): T {
  try {
    return map();
  } catch (error) {
    if (error instanceof ExchangeError) throw error;
    throw new ExchangeError('invalid-response', INVALID_RESPONSE_MESSAGE, { cause: error });
  }
}
