import { PERP_ASSETS } from '../market/assets.js';
import type { PaperReply } from '../types.js';
import type { ExchangeDeps } from './context.js';

/** `{ status: "err", response }` with HTTP 400: a control request the exchange cannot read. */
function badRequest(message: string): PaperReply {
  return { status: 400, body: { status: 'err', response: message } };
}

/**
 * POST /control/mark `{ coin, px }` (PAPER_CONTROL only): pins the coin's mark, mid and book at
 * `px` (a positive number, USD) until `{ coin, px: null }` releases it. Accounts see the pin
 * at their next read or action (market/pins.ts). Answers `{ status: "ok", coin, px }`.
 */
export function handlePinMark(deps: ExchangeDeps, body: unknown): PaperReply {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return badRequest('Expected a JSON object { coin, px }.');
  }
  const { coin, px } = body as { coin?: unknown; px?: unknown };
  if (typeof coin !== 'string' || !PERP_ASSETS.some((a) => a.name === coin)) {
    return badRequest(`Unknown coin: ${JSON.stringify(coin ?? null)}.`);
  }
  if (px === null) {
    deps.pins.release(coin, deps.now());
    return { status: 200, body: { status: 'ok', coin, px: null } };
  }
  if (typeof px !== 'number' || !Number.isFinite(px) || px <= 0) {
    return badRequest('px must be a positive number, or null to release the pin.');
  }
  deps.pins.pin(coin, px, deps.now());
  return { status: 200, body: { status: 'ok', coin, px } };
}
