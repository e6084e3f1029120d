import type { FastifyInstance } from 'fastify';
import type { PlanAccessSource } from '../analytics/analytics.service.js';
import type { ModuleDeps } from '../module-deps.js';
import { strategiesRoutes } from './strategies.routes.js';
import { StrategiesService } from './strategies.service.js';

/** The monthly strategy (DESIGN.md section 15): admin editor and premium reads. */
export async function registerStrategies(
  api: FastifyInstance,
  { db, now }: ModuleDeps,
  uses: { plans: PlanAccessSource },
): Promise<StrategiesService> {
  const strategies = new StrategiesService({ db, plans: uses.plans, now });
  await api.register(strategiesRoutes, { strategies });
  return strategies;
}
