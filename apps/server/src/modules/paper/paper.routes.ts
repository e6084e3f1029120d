import {
  paperExchangeRoutes,
  WEIGHT_PER_MINUTE,
  type ControlGuard,
  type PaperExchange,
  type PaperReply,
} from '@tb/paper-exchange';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { WindowLimiter } from '../../lib/window-limiter.js';
import { ClientGate, RequestTurn } from './client-gate.js';
import { clientKey } from '../../lib/client-key.js';
import type { SharedState } from '../../lib/redis/shared-state.js';

/**
 * Request weight per rolling minute and client address, Hyperliquid's (HYPERLIQUID.md, rate
 * limits): an /info read weighs 2, 20 or 60 by type, plus its items for the reads that list
 * them; an /exchange action of n orders, cancels or modifies 1 + ⌊n / 40⌋. Past it, 429 with
 * Hyperliquid's body (`null`). Counted by the paper exchange's own hooks (limitWeights).
 */
export const REQUESTS_PER_MINUTE = WEIGHT_PER_MINUTE;
/** Faucet calls per minute and address (each address is funded once anyway). */
const FAUCET_PER_MINUTE = 10;
/** New accounts one client address may fund through the faucet per day. */
export const FAUCET_ACCOUNTS_PER_DAY = 10;
/** Requests of one client address worked on at once, and waiting their turn (then 429). */
export const IN_FLIGHT_PER_CLIENT = 1;
export const WAITING_PER_CLIENT = 64;

const tooManyRequests = () =>
  new AppError(
    429,
    'RATE_LIMITED',
    'Too many requests to the paper exchange. Please wait a minute and try again.',
  );

const tooManyAtOnce = () =>
  new AppError(
    429,
    'RATE_LIMITED',
    `Too many requests to the paper exchange at once from your address (${IN_FLIGHT_PER_CLIENT} are worked on, ${WAITING_PER_CLIENT} wait). Please wait for your earlier requests.`,
  );

/** Whether the faucet funded a new account (and not: refused, bad address, failed). */
function funded(answer: PaperReply): boolean {
  return answer.status === 200 && (answer.body as { status?: unknown }).status === 'ok';
}

/**
 * The paper exchange's own HTTP face (`/paper/info`, `/paper/exchange`, `/paper/faucet`), for
 * any Hyperliquid client pointed at it. No app session: it signs like Hyperliquid. The app
 * itself calls the paper exchange in process, so these limits never slow the proxy (paper
 * keys have their own limits, in the API key manager) and the app's own calls (market cache,
 * reconciler, trading) are not charged to 127.0.0.1: they never pass here. A client is its
 * IPv4 address or its IPv6 /64 (see clientKey); the weights count in the app's shared state
 * (Redis when configured: one budget per client for every instance).
 */
export const paperRoutes: FastifyPluginAsync<{
  exchange: PaperExchange;
  rateLimitScale: number;
  now: Clock;
  /** Where the limits count (shared by every instance with Redis); memory by default. */
  state?: SharedState;
  /**
   * PAPER_CONTROL: serve POST /paper/control/mark behind this guard (an admin's session);
   * absent otherwise: 404.
   */
  control?: ControlGuard | false;
  /** PAPER_RATE_LIMIT: Hyperliquid's weights (on by default; false: not counted). */
  weights?: boolean;
}> = async (app, { exchange, rateLimitScale, now, state, control = false, weights = true }) => {
  const limit = (name: string, max: number, windowMs: number) =>
    new WindowLimiter(name, max * rateLimitScale, windowMs, state);
  const faucetCalls = limit('paper-faucet', FAUCET_PER_MINUTE, 60_000);
  const newAccounts = limit('paper-faucet-accounts', FAUCET_ACCOUNTS_PER_DAY, 86_400_000);
  const turns = new ClientGate(IN_FLIGHT_PER_CLIENT, WAITING_PER_CLIENT);
  /** Each request's turn (see ClientGate and RequestTurn). */
  const turnOf = new WeakMap<FastifyRequest, RequestTurn>();
  app.addHook('onRequest', async (req, reply) => {
    const client = clientKey(req.ip);
    const nowMs = now().getTime();
    if (req.url.endsWith('/faucet') && !(await faucetCalls.hit(client, nowMs))) {
      throw tooManyRequests();
    }
    const turn = await turns.enter(client);
    if (!turn) {
      throw tooManyAtOnce();
    }
    // Its client went away while it waited: nothing to answer, and the turn goes on at once.
    if (reply.raw.destroyed) {
      turn();
      return reply.hijack();
    }
    const held = new RequestTurn(turn);
    turnOf.set(req, held);
    reply.raw.once('close', () => held.responseClosed());
  });
  // The request's work starts (its body is read); from here its answer, sent or failed, ends it.
  app.addHook('preHandler', async (req, reply) => {
    if (reply.raw.destroyed) return reply.hijack();
    turnOf.get(req)?.workStarted();
  });
  app.addHook('onSend', async (req) => turnOf.get(req)?.workEnded());
  const faucet = async (body: unknown, ip: string): Promise<PaperReply> => {
    const client = clientKey(ip);
    const nowMs = now().getTime();
    if (!(await newAccounts.hit(client, nowMs))) {
      throw new AppError(
        429,
        'RATE_LIMITED',
        `Your network address has funded ${newAccounts.max} paper accounts today, the most allowed. Please try again tomorrow.`,
      );
    }
    const answer = await exchange.faucet(body).catch(async (error: unknown) => {
      await newAccounts.giveBack(client, nowMs);
      throw error;
    });
    if (!funded(answer)) await newAccounts.giveBack(client, nowMs);
    return answer;
  };
  await app.register(paperExchangeRoutes, {
    exchange,
    faucet,
    control,
    rateLimit: weights && {
      perMinute: REQUESTS_PER_MINUTE * rateLimitScale,
      now: () => now().getTime(),
      clientKey,
      ...(state && { state }),
    },
  });
};
