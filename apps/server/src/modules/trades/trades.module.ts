import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';
import type { RiskService } from '../risk/risk.service.js';
import type { BracketPlacer } from './trades-live.js';
import { tradesRoutes } from './trades.routes.js';
import { TradesService, type BoardCells, type MarketPriceLookup } from './trades.service.js';

/** The trade journal; the exchange proxy uses its session lock for live orders. */
export async function registerTrades(
  api: FastifyInstance,
  { db, now }: ModuleDeps,
  uses: {
    risk: RiskService;
    board: BoardCells;
    marketPrice?: MarketPriceLookup;
    bracket?: BracketPlacer;
  },
): Promise<TradesService> {
  const trades = new TradesService(db, uses.risk, uses.board, now, uses.marketPrice, uses.bracket);
  await api.register(tradesRoutes, { trades });
  return trades;
}
