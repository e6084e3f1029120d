import { DESERIALIZE_ERROR } from '../errors.js';
import type { PaperReply } from '../types.js';

/** HTTP 200 with `body`. */
export function ok(body: unknown): PaperReply {
  return { status: 200, body };
}

/** Hyperliquid's whole-request failure: HTTP 200 `{status:"err", response}`. */
export function exchangeError(message: string): PaperReply {
  return { status: 200, body: { status: 'err', response: message } };
}

/** HTTP 422 with Hyperliquid's text, for a body that is not a known, well-formed request. */
export function unprocessable(): PaperReply {
  return { status: 422, body: DESERIALIZE_ERROR };
}

/** The text of a request that failed on our side (the store): nothing was changed. */
export const UNAVAILABLE_MESSAGE =
  'The paper exchange could not complete the request (its storage failed); nothing was changed. Please try again.';

/** The text of a request its caller gave up on before it was stored: nothing was changed. */
export const ABANDONED_MESSAGE =
  'The request was abandoned by its caller before it completed; nothing was changed.';

/** HTTP 503 for a request abandoned before it committed (its caller no longer waits). */
export function abandoned(): PaperReply {
  return { status: 503, body: { status: 'err', response: ABANDONED_MESSAGE } };
}

/** HTTP 503: the request failed on our side and changed nothing; the client may retry. */
export function unavailable(): PaperReply {
  return { status: 503, body: { status: 'err', response: UNAVAILABLE_MESSAGE } };
}
