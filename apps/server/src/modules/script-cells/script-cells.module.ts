import type { FastifyInstance } from 'fastify';
import type { PlanAccessSource } from '../analytics/analytics.service.js';
import type { BingoService } from '../bingo/bingo.service.js';
import type { ExchangeService } from '../exchange/exchange.service.js';
import type { ModuleDeps } from '../module-deps.js';
import { scriptCellsRoutes } from './script-cells.routes.js';
import { ScriptCellsService } from './script-cells.service.js';

/**
 * The script cells ticked from market data at plan time (DESIGN.md section 15); the boards'
 * service ticks a saved trade's script cells through it (registered before the exchange is).
 */
export async function registerScriptCells(
  api: FastifyInstance,
  { now, log }: ModuleDeps,
  uses: { exchange: ExchangeService; plans: PlanAccessSource; bingo?: BingoService },
): Promise<ScriptCellsService> {
  const scriptCells = new ScriptCellsService({ ...uses, now, log });
  uses.bingo?.useScriptCells(scriptCells);
  await api.register(scriptCellsRoutes, { scriptCells });
  return scriptCells;
}
