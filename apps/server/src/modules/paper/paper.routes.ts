import { paperExchangeRoutes, type PaperExchange } from '@tb/paper-exchange';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { WindowLimiter } from '../../lib/window-limiter.js';

/** Requests per minute and client address: generous for a bot, a wall for a flood. */
const REQUESTS_PER_MINUTE = 1_200;
/** Faucet calls per minute and address (each address is funded once anyway). */
const FAUCET_PER_MINUTE = 10;

/**
 * The paper exchange's own HTTP face (`/paper/info`, `/paper/exchange`, `/paper/faucet`), for
 * any Hyperliquid client pointed at it. No app session: it signs like Hyperliquid. The app
 * itself calls the paper exchange in process, so these limits never slow the proxy.
 */
export const paperRoutes: FastifyPluginAsync<{
  exchange: PaperExchange;
  rateLimitScale: number;
}> = async (app, { exchange, rateLimitScale }) => {
  const requests = new WindowLimiter(REQUESTS_PER_MINUTE * rateLimitScale, 60_000);
  const faucet = new WindowLimiter(FAUCET_PER_MINUTE * rateLimitScale, 60_000);
  app.addHook('onRequest', async (req) => {
    const now = Date.now();
    const limited =
      !requests.hit(req.ip, now) || (req.url.endsWith('/faucet') && !faucet.hit(req.ip, now));
    if (limited) {
      throw new AppError(
        429,
        'RATE_LIMITED',
        'Too many requests to the paper exchange. Please wait a minute and try again.',
      );
    }
  });
  await app.register(paperExchangeRoutes, { exchange });
};
