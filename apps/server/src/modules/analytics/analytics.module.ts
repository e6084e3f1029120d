import type { FastifyInstance } from 'fastify';
import { registerChat } from '../chat/chat.module.js';
import type { ModuleDeps } from '../module-deps.js';
import { registerStrategies } from '../strategies/strategies.module.js';
import { analyticsRoutes } from './analytics.routes.js';
import { AnalyticsService, type PlanAccessSource } from './analytics.service.js';
import { ScriptWinRatesService } from './script-winrates.service.js';

/**
 * Premium analytics over the user's trade rows (DESIGN.md section 8), the script cells' win
 * rate across all traders (the case winrate, section 15), and the monthly
 * strategy (section 15), the other premium reading gated by plan (registered here so app.ts
 * stays within its size).
 */
export async function registerAnalytics(
  api: FastifyInstance,
  deps: ModuleDeps,
  uses: { plans: PlanAccessSource },
): Promise<AnalyticsService> {
  const analytics = new AnalyticsService(deps.db, uses.plans, deps.now);
  const scriptWinRates = new ScriptWinRatesService(deps.db, uses.plans, deps.now);
  await api.register(analyticsRoutes, { analytics, scriptWinRates });
  await registerStrategies(api, deps, uses);
  // The chat, gated by plan too (DESIGN.md section 15).
  await registerChat(api, deps, uses);
  return analytics;
}
