import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { exchangeCursors, riskStates } from '../../db/schema/index.js';
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
 * answers false (the next pass tries again).
 */
export async function enforceSessionEnd(
  { db, log, hook, tradesChanged }: SessionEndDeps,
  userId: string,
  connectionId: string,
): Promise<boolean> {
  let ok = true;
  const warn = (err: unknown, message: string) => {
    ok = false;
    log.warn({ connectionId, reason: err instanceof Error ? err.message : 'unknown' }, message);
  };
  try {
    const user = await new ReconcilerRepository(db).riskUser(userId);
    if (!user || !(await hook.ended(user))) return true;
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
  return ok;
}

/**
 * Which watched connections' sessions to look at: a session ends only when its trader's risk
 * state changes (an outcome from the journal, fills or trades taken elsewhere), so each pass
 * looks only at connections whose risk row changed (its `xmin`) since this instance last
 * enforced it, and at every one after a start. Reading the versions is one query; nothing
 * is asked of the exchange unless a session ended.
 */
/** Connections whose session a pass looks at, at most (each a few queries). */
export const CHECKS_PER_PASS = 50;

export class SessionEndWatch {
  /** The risk row version last enforced, by connection. */
  #seen = new Map<string, string>();

  async run(deps: SessionEndDeps): Promise<void> {
    const rows = await deps.db
      .select({
        connectionId: exchangeCursors.connectionId,
        userId: exchangeCursors.userId,
        version: sql<string>`${riskStates}.xmin::text`,
      })
      .from(exchangeCursors)
      .innerJoin(riskStates, eq(riskStates.userId, exchangeCursors.userId));
    const next = new Map<string, string>();
    let checks = 0;
    for (const { connectionId, userId, version } of rows) {
      const seen = this.#seen.get(connectionId);
      if (seen === version) next.set(connectionId, version);
      // At most CHECKS_PER_PASS a pass (a start sees every connection anew): the rest next time.
      else if (
        checks++ < CHECKS_PER_PASS &&
        (await enforceSessionEnd(deps, userId, connectionId))
      ) {
        next.set(connectionId, version);
      }
    }
    this.#seen = next;
  }
}
