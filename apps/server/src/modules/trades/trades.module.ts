import type { FastifyInstance } from 'fastify';
import { AuditRepository } from '../audit/audit.repository.js';
import type { UserLocks } from '../../lib/user-lock.js';
import type { ModuleDeps } from '../module-deps.js';
import type { RiskService } from '../risk/risk.service.js';
import { LiveDesk, type Faults } from './live-desk.js';
import { LivePlacement } from './live-placement.js';
import { TradeActions, type SyncConnection } from './trades-actions.js';
import type { BracketPlacer } from './trades-live.js';
import { tradesLiveRoutes } from './trades-live.routes.js';
import { tradesRoutes } from './trades.routes.js';
import type { TradeExcursions } from './excursions.js';
import { TradeListAnswers } from './trade-list.js';
import {
  TradesService,
  type BalanceLookup,
  type BoardCells,
  type MarketPriceLookup,
} from './trades.service.js';

/**
 * The trade journal; the exchange proxy uses its session lock for live orders. A trade placed
 * on the exchange is changed there through the bracket placer, and `sync` (the reconciler's
 * syncConnection) reads the fills that follow. Every live action goes through the live desk
 * (one per trader at a time, write-ahead intents, Idempotency-Key), whose orphaned intents
 * the reconciler resolves.
 */
export async function registerTrades(
  api: FastifyInstance,
  { db, now, log }: ModuleDeps,
  uses: {
    risk: RiskService;
    board: BoardCells;
    locks: UserLocks;
    liveTradingEnabled: (userId: string) => Promise<boolean>;
    marketPrice?: MarketPriceLookup;
    balance?: BalanceLookup;
    bracket?: BracketPlacer;
    sync?: SyncConnection;
    faults?: Faults | undefined;
    /** Reads a closed trade's MFE / MAE after its close commits (issue 26). */
    excursions?: TradeExcursions;
  },
): Promise<{ trades: TradesService; desk: LiveDesk; actions: TradeActions }> {
  const desk = new LiveDesk({ db, now, locks: uses.locks, log, faults: uses.faults });
  const placement = new LivePlacement({
    db,
    risk: uses.risk,
    desk,
    log,
    bracket: uses.bracket,
    liveTradingEnabled: uses.liveTradingEnabled,
  });
  const trades = new TradesService(
    db,
    uses.risk,
    uses.board,
    now,
    { desk, placement },
    new AuditRepository(db),
    uses.marketPrice,
    uses.balance,
  );
  const list = new TradeListAnswers(db, (userId, q) => trades.list(userId, q));
  await api.register(tradesRoutes, { trades, list, excursions: uses.excursions });
  const actions = new TradeActions({
    db,
    risk: uses.risk,
    desk,
    bracket: uses.bracket,
    sync: uses.sync,
  });
  await api.register(tradesLiveRoutes, { actions });
  return { trades, desk, actions };
}
