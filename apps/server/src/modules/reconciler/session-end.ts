import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { RiskUser } from '../risk/risk.service.js';
import { ReconcilerRepository } from './reconciler.repository.js';
import { WatchedConnectionsRepository } from './watched-connections.js';

/**
 * The lock reaching the exchange (DESIGN.md section 11): whether a trader's session is ended,
 * and how a resting entry the app placed is cancelled (the trades module's cancel-entry).
 */
export interface SessionEnd {
  ended(user: RiskUser): Promise<boolean>;
  cancelEntry(user: RiskUser, tradeId: string): Promise<void>;
  /**
   * With "Close my positions when the session ends" on: the held journal trades closed at
   * market (verified from their fills), then whatever else the account holds. Else nothing.
   * Answers whether it closed anything.
   */
  flatten(user: RiskUser, connectionId: string, heldTradeIds: readonly string[]): Promise<boolean>;
}

export interface SessionEndDeps {
  db: Db;
  log: FastifyBaseLogger;
  hook: SessionEnd;
  /** Told when the trader's journal changed (an entry cancelled or a position closed). */
  tradesChanged: (userId: string) => void;
}

/**
 * While the trader's session is ended (three stoplosses, the day's trades or loss, whether
 * from the journal, fills or trades taken elsewhere), the entries the app placed that still
 * rest are cancelled, so no new risk opens; exits of held positions stay, unless the trader
 * asked for the positions to be closed (`flatten`). Best effort: a failure is logged and
 * the next pass tries again.
 */
export async function enforceSessionEnd(
  { db, log, hook, tradesChanged }: SessionEndDeps,
  userId: string,
  connectionId: string,
): Promise<void> {
  const warn = (err: unknown, message: string) =>
    log.warn({ connectionId, reason: err instanceof Error ? err.message : 'unknown' }, message);
  try {
    const user = await new ReconcilerRepository(db).riskUser(userId);
    if (!user || !(await hook.ended(user))) return;
    const watched = new WatchedConnectionsRepository(db);
    let changed = false;
    for (const tradeId of await watched.tradesIn(userId, connectionId, 'resting')) {
      // One that filled meanwhile keeps its exits (409); the others are still cancelled.
      await hook.cancelEntry(user, tradeId).then(
        () => (changed = true),
        (err: unknown) => warn(err, 'reconciler: an ended session kept a resting entry'),
      );
    }
    try {
      const held = await watched.tradesIn(userId, connectionId, 'open');
      if (await hook.flatten(user, connectionId, held)) changed = true;
    } finally {
      if (changed) tradesChanged(userId);
    }
  } catch (err) {
    warn(err, 'reconciler: could not enforce an ended session on the exchange');
  }
}
