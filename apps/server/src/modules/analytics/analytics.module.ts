import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';
import { analyticsRoutes } from './analytics.routes.js';
import { AnalyticsService, type PlanAccessSource } from './analytics.service.js';

/** Premium analytics over the user's trade rows (DESIGN.md section 8). */
export async function registerAnalytics(
  api: FastifyInstance,
  { db, now }: ModuleDeps,
  uses: { plans: PlanAccessSource },
): Promise<AnalyticsService> {
  const analytics = new AnalyticsService(db, uses.plans, now);
  await api.register(analyticsRoutes, { analytics });
  return analytics;
}
