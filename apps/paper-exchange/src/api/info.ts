import { BadRequestError } from '../errors.js';
import type { PaperReply } from '../types.js';
import { readObject } from '../util/read.js';
import type { ExchangeDeps } from './context.js';
import { absentInfo } from './info-absent.js';
import { accountInfo } from './info-account.js';
import { agentInfo } from './info-agents.js';
import { activeAssetInfo } from './info-asset-data.js';
import { exchangeInfo } from './info-exchange.js';
import { fundingInfo } from './info-funding.js';
import { marketInfo } from './info-market.js';
import { userInfo } from './info-user.js';
import { ok } from './reply.js';

/** POST /info: unknown types and malformed bodies throw BadRequestError (422). */
export async function handleInfo(deps: ExchangeDeps, body: unknown): Promise<PaperReply> {
  const request = readObject(body, 'body');
  const nowMs = deps.now();
  const answer =
    (await marketInfo(deps, request, nowMs)) ??
    exchangeInfo(deps, request, nowMs) ??
    (await userInfo(deps, request, nowMs)) ??
    (await fundingInfo(deps, request, nowMs)) ??
    (await agentInfo(deps, request, nowMs)) ??
    (await accountInfo(deps, request, nowMs)) ??
    (await activeAssetInfo(deps, request, nowMs)) ??
    absentInfo(request);
  if (!answer) throw new BadRequestError(`unknown info type ${String(request.type)}`);
  return ok(answer.value);
}
