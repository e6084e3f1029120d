import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';
import { riskRoutes } from './risk.routes.js';
import { RiskService } from './risk.service.js';

/** Risk management; trades and the users module (time-zone changes) use its service. */
export async function registerRisk(
  api: FastifyInstance,
  { db, now }: ModuleDeps,
): Promise<RiskService> {
  const risk = new RiskService(db, now);
  await api.register(riskRoutes, { risk });
  return risk;
}
