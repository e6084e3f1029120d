import type { FastifyInstance } from 'fastify';
import { AuditRepository } from '../audit/audit.repository.js';
import type { ExchangeNetworks } from '../exchange/exchange-networks.js';
import type { ModuleDeps } from '../module-deps.js';
import type { UsersService } from '../users/users.service.js';
import { ApiKeysRepository } from './api-keys.repository.js';
import { apiKeysRoutes } from './api-keys.routes.js';
import { ApiKeysService } from './api-keys.service.js';
import type { OnControlRefused } from './connection-control.js';
import { connectionsRoutes } from './connections.routes.js';

/** Stored exchange keys and the connections the exchange proxy resolves for each call. */
export async function registerApiKeys(
  api: FastifyInstance,
  { db, now, log, box, state }: ModuleDeps,
  uses: { users: UsersService; networks: ExchangeNetworks; onControlRefused?: OnControlRefused },
): Promise<ApiKeysService> {
  const keys = new ApiKeysService({
    repo: new ApiKeysRepository(db),
    users: uses.users,
    box,
    networks: uses.networks,
    audit: new AuditRepository(db),
    log,
    now,
    state,
    onControlRefused: uses.onControlRefused,
  });
  await api.register(apiKeysRoutes, { keys });
  await api.register(connectionsRoutes, { keys });
  return keys;
}
