import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';
import type { RiskService } from '../risk/risk.service.js';
import { TradeActions, type SyncConnection } from './trades-actions.js';
import type { BracketPlacer } from './trades-live.js';
import { tradesLiveRoutes } from './trades-live.routes.js';
import { tradesRoutes } from './trades.routes.js';
import { TradesService, type BoardCells, type MarketPriceLookup } from './trades.service.js';

/**
 * The trade journal; the exchange proxy uses its session lock for live orders. A trade placed
 * on the exchange is changed there through the bracket placer, and `sync` (the reconciler's
 * syncConnection) reads the fills that follow.
 */
export async function registerTrades(
  api: FastifyInstance,
  { db, now }: ModuleDeps,
  uses: {
    risk: RiskService;
    board: BoardCells;
    marketPrice?: MarketPriceLookup;
    bracket?: BracketPlacer;
    sync?: SyncConnection;
  },
): Promise<TradesService> {
  const trades = new TradesService(db, uses.risk, uses.board, now, uses.marketPrice, uses.bracket);
  await api.register(tradesRoutes, { trades });
  const actions = new TradeActions({
    db,
    risk: uses.risk,
    bracket: uses.bracket,
    sync: uses.sync,
  });
  await api.register(tradesLiveRoutes, { actions });
  return trades;
}
