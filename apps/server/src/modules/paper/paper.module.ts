import {
  openPaperExchange,
  paperFeedRoutes,
  type MarkPins,
  type PaperExchange,
} from '@tb/paper-exchange';
import type { FastifyInstance } from 'fastify';
import { clientKey } from '../../lib/client-key.js';
import type { ModuleDeps } from '../module-deps.js';
import { PaperStateRepository } from './paper-state.repository.js';
import { paperRoutes } from './paper.routes.js';

/**
 * The paper exchange (PAPER_EXCHANGE), mounted at /paper outside /api (its own protocol, no
 * app session); null when it is off. The exchange networks call it in process. Its state is in
 * the app's database, one transaction per request; a request that fails is logged here and
 * answered 503. /paper/ws is Hyperliquid's WebSocket API on it (subscriptions and posts), in a
 * plugin of its own: a connection holds none of the HTTP routes' turns or weights.
 */
export async function registerPaper(
  app: FastifyInstance,
  { db, config, log, now, state }: ModuleDeps,
  pins?: MarkPins,
): Promise<PaperExchange | null> {
  if (!config.paperExchange) return null;
  const paper = await openPaperExchange({
    store: new PaperStateRepository(db),
    log,
    // The app's clock: time passes on the paper exchange as for the journal (tests move both).
    now: () => now().getTime(),
    ...(pins && { pins }),
    // PAPER_PRICES: mainnet's mids, books and candles while it answers (auto), or not.
    prices: { mode: config.paperPrices, url: config.hyperliquidUrls.mainnet, log },
  });
  app.addHook('onClose', async () => paper.close?.());
  await app.register(paperRoutes, {
    prefix: '/paper',
    exchange: paper,
    rateLimitScale: config.rateLimitScale,
    now,
    state,
    control: config.paperControl,
    weights: config.paperRateLimit,
  });
  await app.register(paperFeedRoutes, {
    prefix: '/paper',
    exchange: paper,
    now: () => now().getTime(),
    log,
    clientKey,
  });
  return paper;
}
