import { paperExchangeRoutes, type PaperExchange, type PaperReply } from '@tb/paper-exchange';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { WindowLimiter } from '../../lib/window-limiter.js';
import { ClientGate } from './client-gate.js';
import { Quota } from './quota.js';

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
 * keys have their own limits, in the API key manager).
 */
export const paperRoutes: FastifyPluginAsync<{
  exchange: PaperExchange;
  rateLimitScale: number;
  now: Clock;
}> = async (app, { exchange, rateLimitScale, now }) => {
  const requests = new WindowLimiter(REQUESTS_PER_MINUTE * rateLimitScale, 60_000);
  const faucetCalls = new WindowLimiter(FAUCET_PER_MINUTE * rateLimitScale, 60_000);
  const newAccounts = new Quota(FAUCET_ACCOUNTS_PER_DAY * rateLimitScale, 86_400_000);
  const turns = new ClientGate(IN_FLIGHT_PER_CLIENT, WAITING_PER_CLIENT);
  /** Each request's release of its turn (see ClientGate). */
  const turnOf = new WeakMap<FastifyRequest, () => void>();
  app.addHook('onRequest', async (req) => {
    const nowMs = now().getTime();
    const limited =
      !requests.hit(req.ip, nowMs) ||
      (req.url.endsWith('/faucet') && !faucetCalls.hit(req.ip, nowMs));
    if (limited) {
      throw tooManyRequests();
    }
    const turn = await turns.enter(req.ip);
    if (!turn) {
      throw new AppError(
        429,
        'RATE_LIMITED',
        `Too many requests to the paper exchange at once from your address (${IN_FLIGHT_PER_CLIENT} are worked on, ${WAITING_PER_CLIENT} wait). Please wait for your earlier requests.`,
      );
    }
    turnOf.set(req, turn);
  });
  // A batch weighs more (the body is read by now); the first unit was counted above.
  app.addHook('preHandler', async (req) => {
    if (!req.url.endsWith('/exchange')) return;
    const nowMs = now().getTime();
    for (let extra = Math.floor(batchSize(req.body) / 40); extra > 0; extra -= 1) {
      if (!requests.hit(req.ip, nowMs)) {
        throw tooManyRequests();
      }
    }
  });
  // Answered or abandoned, the request gives its turn to the next one of its client.
  app.addHook('onResponse', async (req) => turnOf.get(req)?.());
  app.addHook('onRequestAbort', async (req) => turnOf.get(req)?.());
  const faucet = async (body: unknown, client: string): Promise<PaperReply> => {
    if (!newAccounts.take(client, now().getTime())) {
      throw new AppError(
        429,
        'RATE_LIMITED',
        `Your network address has funded ${newAccounts.max} paper accounts today, the most allowed. Please try again tomorrow.`,
      );
    }
    const answer = await exchange.faucet(body).catch((error: unknown) => {
      newAccounts.giveBack(client);
      throw error;
    });
    if (!funded(answer)) newAccounts.giveBack(client);
    return answer;
  };
  await app.register(paperExchangeRoutes, { exchange, faucet });
};
