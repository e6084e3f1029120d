import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WeightBudget, type WeightState } from './budget.js';
import { exchangeWeight, infoType, infoWeight, itemsWeight, weighsItems } from './weights.js';

/**
 * Hyperliquid's per-IP weights on the paper exchange's HTTP face (DESIGN.md section 12).
 * Options of paperExchangeRoutes' `rateLimit`; `false` there turns the limit off.
 */
export interface PaperRateLimit {
  /** Weight per rolling minute and client (default Hyperliquid's 1,200). */
  perMinute?: number;
  /**
   * Where spent weight is counted: the server passes its shared state (Redis when configured,
   * so every instance counts one budget per IP); memory of this process by default.
   */
  state?: WeightState;
  /** Epoch ms (tests move it); Date.now by default. */
  now?: () => number;
  /**
   * The key a client's address counts under (the server counts an IPv6 /64 as one client); the
   * address itself by default. The address is Fastify's `request.ip`: the socket's peer, or
   * X-Forwarded-For's when the app trusts its proxy (the server's TRUST_PROXY).
   */
  clientKey?: (ip: string) => string;
}

/**
 * Hyperliquid's answer past the budget: HTTP 429 with the body `null` (the official Python SDK
 * parses it as JSON and gets None: hyperliquid-python-sdk issues #28 and #30).
 */
function tooMuchWeight(reply: FastifyReply): FastifyReply {
  return reply.code(429).type('application/json').send('null');
}

/**
 * Adds the budget's hooks to the plugin serving POST /info and /exchange: a request is charged
 * its base weight before it is handled (429 when the rolling minute has no room for it, nothing
 * charged), and an /info answer that lists items is charged their weight once it is sent,
 * whatever is left, as Hyperliquid does. Other routes (the faucet, control) are not
 * Hyperliquid's and are not charged here.
 */
export function limitWeights(app: FastifyInstance, options: PaperRateLimit = {}): WeightBudget {
  const budget = new WeightBudget({
    ...(options.perMinute !== undefined && { perMinute: options.perMinute }),
    ...(options.state && { state: options.state }),
  });
  const now = options.now ?? Date.now;
  const keyOf = options.clientKey ?? ((ip: string) => ip);
  /** The info type of a request whose answer is charged by its items. */
  const itemsOf = new WeakMap<FastifyRequest, string>();

  app.addHook('preHandler', async (request, reply) => {
    const route = request.routeOptions.url ?? '';
    const info = route.endsWith('/info');
    if (!info && !route.endsWith('/exchange')) return;
    const weight = info ? infoWeight(request.body) : exchangeWeight(request.body);
    const charged = await budget.charge(keyOf(request.ip), weight, now());
    if (!charged.allowed) return tooMuchWeight(reply);
    const type = info ? infoType(request.body) : undefined;
    if (weighsItems(type)) itemsOf.set(request, type!);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const type = itemsOf.get(request);
    if (type === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return;
    let answer: unknown;
    try {
      answer = JSON.parse(payload);
    } catch {
      return;
    }
    await budget.add(keyOf(request.ip), itemsWeight(type, answer), now());
  });
  return budget;
}
