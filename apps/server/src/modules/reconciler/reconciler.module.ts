import type { FastifyInstance } from 'fastify';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { ExchangeNetworks } from '../exchange/exchange-networks.js';
import type { ModuleDeps } from '../module-deps.js';
import type { RiskService } from '../risk/risk.service.js';
import type { AddressInfo } from 'node:net';
import { FillsFastPath, socketUrl } from './fills-fast-path.js';
import { Reconciler, type JournalNotifier } from './reconciler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's reconciler (set by buildApp): tests run its passes by hand. */
    reconciler: Reconciler;
  }
}

/**
 * The reconciler of the live trading loop (no routes): its background loop starts when the
 * app is ready (every RECONCILE_INTERVAL_MS; none when 0) and stops, waiting for the pass in
 * flight, when the app closes. The trades and exchange modules call its syncConnection.
 */
export async function registerReconciler(
  api: FastifyInstance,
  { db, now, log, config }: ModuleDeps,
  uses: {
    keys: ApiKeysService;
    networks: ExchangeNetworks;
    risk: RiskService;
    /** Told of every journal change a pass makes (the events module's push). */
    journal: JournalNotifier;
    instanceId?: string | undefined;
  },
): Promise<Reconciler> {
  const reconciler = new Reconciler({
    db,
    now,
    log,
    keys: uses.keys,
    networks: uses.networks,
    risk: uses.risk,
    journal: uses.journal,
    intervalMs: config.reconcileIntervalMs,
    ...(uses.instanceId && { instanceId: uses.instanceId }),
  });
  if (config.liveFillsSocket) {
    // The paper exchange's /paper/ws is this server's own: known once it listens.
    let paperUrl: string | null = null;
    const fastPath = new FillsFastPath({
      db,
      log,
      now,
      url: (network) =>
        network === 'paper'
          ? config.paperExchange
            ? paperUrl
            : null
          : socketUrl(config.hyperliquidUrls[network]),
    });
    api.addHook('onListen', async () => {
      const address = api.server.address() as AddressInfo | string | null;
      if (address && typeof address === 'object') paperUrl = ownSocketUrl(address);
    });
    reconciler.fastPath = fastPath;
  }
  api.addHook('onReady', async () => {
    // Leases this instance held before a restart are its own again, and intents left by a
    // crash are resolved before the first request (each logged, never fatal).
    await reconciler.resume();
    reconciler.start();
  });
  api.addHook('onClose', async () => reconciler.stop());
  return reconciler;
}

/** This server's /paper/ws, reached over loopback whatever address it listens on. */
function ownSocketUrl({ address, family, port }: AddressInfo): string {
  const wildcard = address === '0.0.0.0' || address === '::';
  const host = wildcard ? '127.0.0.1' : family === 'IPv6' ? `[${address}]` : address;
  return `ws://${host}:${port}/paper/ws`;
}
