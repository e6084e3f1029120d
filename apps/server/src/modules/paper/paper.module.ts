import { join } from 'node:path';
import { httpTransport, meteredTransport, WeightMeter } from '@tb/hyperliquid';
import {
  InfoUpstream,
  openPaperExchange,
  paperFeedRoutes,
  type MarkPins,
  type PaperExchange,
} from '@tb/paper-exchange';
import type { FastifyInstance } from 'fastify';
import { clientKey } from '../../lib/client-key.js';
import type { ModuleDeps } from '../module-deps.js';
import { PaperStateRepository } from './paper-state.repository.js';
import { paperRoutes, REQUESTS_PER_MINUTE } from './paper.routes.js';

/**
 * The paper exchange (PAPER_EXCHANGE), mounted at /paper outside /api (its own protocol, no
 * app session); null when it is off. The exchange networks call it in process. Its state is in
 * the app's database, one transaction per request; a request that fails is logged here and
 * answered 503. /paper/ws is Hyperliquid's WebSocket API on it (subscriptions and posts), in a
 * plugin of its own: a connection holds none of the HTTP routes' turns; its posts spend the
 * same per-IP weights.
 */
export async function registerPaper(
  app: FastifyInstance,
  { db, config, log, now, state }: ModuleDeps,
  pins?: MarkPins,
): Promise<PaperExchange | null> {
  if (!config.paperExchange) return null;
  const warning = paperControlWarning(config);
  if (warning) log.warn(warning);
  const paper = await openPaperExchange({
    store: new PaperStateRepository(db),
    log,
    // The app's clock: time passes on the paper exchange as for the journal (tests move both).
    now: () => now().getTime(),
    ...(pins && { pins }),
    // PAPER_PRICES: mainnet's mids, books and candles while it answers (auto), or not.
    prices: {
      mode: config.paperPrices,
      url: config.hyperliquidUrls.mainnet,
      upstream: mainnetUpstream(config.hyperliquidUrls.mainnet, state),
      // Mainnet's last mids: a restart while it is down continues from them.
      memoryFile: join(config.dataDir, 'paper-prices.json'),
      log,
    },
  });
  app.addHook('onClose', async () => paper.close?.());
  await app.register(paperRoutes, {
    prefix: '/paper',
    exchange: paper,
    rateLimitScale: config.rateLimitScale,
    now,
    state,
    // Pinning moves every paper account's marks (their triggers fire): an admin's act.
    control: config.paperControl && app.requireAdmin,
    weights: config.paperRateLimit,
  });
  await app.register(paperFeedRoutes, {
    prefix: '/paper',
    exchange: paper,
    now: () => now().getTime(),
    log,
    clientKey,
    // Posts over the socket spend the same per-IP budget as the HTTP requests (same state).
    rateLimit: config.paperRateLimit && {
      perMinute: REQUESTS_PER_MINUTE * config.rateLimitScale,
      now: () => now().getTime(),
      state,
    },
  });
  return paper;
}

/**
 * The start's warning when PAPER_CONTROL is on in production: it is for tests and demos, and
 * any admin may then move every paper trader's marks (and fire their stops).
 */
export function paperControlWarning(config: {
  env: string;
  paperControl: boolean;
}): string | undefined {
  if (!config.paperControl || config.env !== 'production') return undefined;
  return 'PAPER_CONTROL is on in production: any admin can pin paper marks and fire every paper trader’s stops and targets. It is meant for tests and demos; unset it for real use.';
}

const UPSTREAM_TIMEOUT_MS = 2_000;

/**
 * Mainnet's /info as the paper market follows it (PAPER_PRICES): charged to the app's
 * Hyperliquid weight budget (key `hyperliquid:mainnet`, shared with the mainnet network's
 * calls and, through Redis, with every instance; DESIGN.md section 13). A request that finds
 * no room fails at once, and the paper market carries on on the synthetic path.
 */
function mainnetUpstream(apiUrl: string, state: ModuleDeps['state']): InfoUpstream {
  const transport = meteredTransport(
    httpTransport({ apiUrl, isTestnet: false, timeoutMs: UPSTREAM_TIMEOUT_MS }),
    new WeightMeter({ key: 'hyperliquid:mainnet', store: state }),
    // Behind the live loop's and the sweep's requests (it is market data for the paper market).
    { maxWaitMs: 0, priority: () => 'low' },
  );
  return new InfoUpstream((payload) => transport.request('info', payload));
}
