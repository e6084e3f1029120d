import { paperExchangeRoutes, type PaperExchange, type PaperReply } from '@tb/paper-exchange';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { WindowLimiter } from '../../lib/window-limiter.js';
import { ClientGate, RequestTurn } from './client-gate.js';
import { clientKey } from '../../lib/client-key.js';
import type { SharedState } from '../../lib/redis/shared-state.js';

/**
 * Request weight per minute and client address: generous for a bot, a wall for a flood. As on
 * Hyperliquid, an /exchange action of n orders or cancels weighs 1 + ⌊n / 40⌋.
 */
export const REQUESTS_PER_MINUTE = 1_200;
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

/** The orders or cancels an /exchange body carries (0 when it is not such a body). */
function batchSize(body: unknown): number {
  const action = (body as { action?: { orders?: unknown; cancels?: unknown } } | null)?.action;
  const batch = action?.orders ?? action?.cancels;
  return Array.isArray(batch) ? batch.length : 0;
}

/** Whether the faucet funded a new account (and not: refused, bad address, failed). */
function funded(answer: PaperReply): boolean {
  return answer.status === 200 && (answer.body as { status?: unknown }).status === 'ok';
}

/**
 * The paper exchange's own HTTP face (`/paper/info`, `/paper/exchange`, `/paper/faucet`), for
 * any Hyperliquid client pointed at it. No app session: it signs like Hyperliquid. The app
 * itself calls the paper exchange in process, so these limits never slow the proxy (paper
 * keys have their own limits, in the API key manager). A client is its IPv4 address or its
 * IPv6 /64 (see clientKey).
 */
export const paperRoutes: FastifyPluginAsync<{
  exchange: PaperExchange;
  rateLimitScale: number;
  now: Clock;
  /** Where the limits count (shared by every instance with Redis); memory by default. */
  state?: SharedState;
  /** PAPER_CONTROL: serve POST /paper/control/mark (absent otherwise: 404). */
  control?: boolean;
}> = async (app, { exchange, rateLimitScale, now, state, control = false }) => {
  const limit = (name: string, max: number, windowMs: number) =>
    new WindowLimiter(name, max * rateLimitScale, windowMs, state);
  const requests = limit('paper-requests', REQUESTS_PER_MINUTE, 60_000);
  const faucetCalls = limit('paper-faucet', FAUCET_PER_MINUTE, 60_000);
  const newAccounts = limit('paper-faucet-accounts', FAUCET_ACCOUNTS_PER_DAY, 86_400_000);
  const turns = new ClientGate(IN_FLIGHT_PER_CLIENT, WAITING_PER_CLIENT);
  /** Each request's turn (see ClientGate and RequestTurn). */
  const turnOf = new WeakMap<FastifyRequest, RequestTurn>();
  app.addHook('onRequest', async (req, reply) => {
    const client = clientKey(req.ip);
    const nowMs = now().getTime();
    const limited =
      !(await requests.hit(client, nowMs)) ||
      (req.url.endsWith('/faucet') && !(await faucetCalls.hit(client, nowMs)));
    if (limited) {
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
  // A batch weighs more (the body is read by now); the first unit was counted above.
  app.addHook('preHandler', async (req) => {
    if (!req.url.endsWith('/exchange')) return;
    const nowMs = now().getTime();
    for (let extra = Math.floor(batchSize(req.body) / 40); extra > 0; extra -= 1) {
      if (!(await requests.hit(clientKey(req.ip), nowMs))) {
        throw tooManyRequests();
      }
    }
  });
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
  await app.register(paperExchangeRoutes, { exchange, faucet, control });
};
