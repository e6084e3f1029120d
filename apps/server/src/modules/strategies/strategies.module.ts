import type { FastifyInstance } from 'fastify';
import type { PlanAccessSource } from '../analytics/analytics.service.js';
import type { ModuleDeps } from '../module-deps.js';
import { strategiesRoutes } from './strategies.routes.js';
import { StrategiesService } from './strategies.service.js';

/** The monthly strategy (DESIGN.md section 15): admin editor and premium reads. */
export async function registerStrategies(
  api: FastifyInstance,
  { db, now, config }: ModuleDeps,
  uses: { plans: PlanAccessSource },
): Promise<StrategiesService> {
  // The app's mail queue (decorated before the /api modules): the mails go out after the answer.
  const mails = api.mailQueue;
  const strategies = new StrategiesService({
    db,
    plans: uses.plans,
    now,
    mail: (mail) => mails.enqueue(mail),
    publicUrl: config.publicUrl,
  });
  await api.register(strategiesRoutes, { strategies });
  return strategies;
}
