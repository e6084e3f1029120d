import { DESERIALIZE_ERROR } from '../errors.js';
import type { PaperReply } from '../types.js';

/** A handler's answer and whether it changed the state (then it is saved before replying). */
export interface HandlerResult {
  reply: PaperReply;
  mutated: boolean;
}

/** HTTP 200 with `body`. */
export function ok(body: unknown, mutated = false): HandlerResult {
  return { reply: { status: 200, body }, mutated };
}

/** Hyperliquid's whole-request failure: HTTP 200 `{status:"err", response}`. */
export function exchangeError(message: string, mutated = false): HandlerResult {
  return { reply: { status: 200, body: { status: 'err', response: message } }, mutated };
}

/** HTTP 422 with Hyperliquid's text, for a body that is not a known, well-formed request. */
export function unprocessable(): PaperReply {
  return { status: 422, body: DESERIALIZE_ERROR };
}
