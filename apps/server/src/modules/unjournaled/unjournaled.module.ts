import type { FastifyInstance } from 'fastify';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { ModuleDeps } from '../module-deps.js';
import type { RiskService } from '../risk/risk.service.js';
import type { SyncConnection } from '../trades/trades-actions.js';
import { unjournaledRoutes } from './unjournaled.routes.js';
import { UnjournaledService } from './unjournaled.service.js';

/**
 * Fills on the exchange that no journal trade explains: listed as round trips (after `sync`,
 * the reconciler's syncConnection, stored them), attached, imported or dismissed.
 */
export async function registerUnjournaled(
  api: FastifyInstance,
  { db, now }: ModuleDeps,
  uses: { keys: ApiKeysService; risk: RiskService; sync?: SyncConnection },
): Promise<UnjournaledService> {
  const unjournaled = new UnjournaledService({
    db,
    now,
    keys: uses.keys,
    risk: uses.risk,
    sync: uses.sync,
  });
  await api.register(unjournaledRoutes, { unjournaled });
  return unjournaled;
}
