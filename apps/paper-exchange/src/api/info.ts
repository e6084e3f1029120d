import { BadRequestError } from '../errors.js';
import type { PaperState } from '../state.js';
import { readObject } from '../util/read.js';
import { marketInfo } from './info-market.js';
import { userInfo } from './info-user.js';
import { ok } from './reply.js';
import type { HandlerResult } from './reply.js';

/** POST /info: read-only; unknown types and malformed bodies throw BadRequestError (422). */
export function handleInfo(state: PaperState, body: unknown, nowMs: number): HandlerResult {
  const request = readObject(body, 'body');
  const answer = marketInfo(state, request, nowMs) ?? userInfo(state, request, nowMs);
  if (!answer) throw new BadRequestError(`unknown info type ${String(request.type)}`);
  return ok(answer.value);
}
