import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import {
  exchangeCredentials,
  exchangeCursors,
  tradeOrders,
  trades,
} from '../../db/schema/index.js';

/**
 * The connections the reconciler watches without a linked OPEN trade (off-plan trades, the
 * lock reaching the exchange: DESIGN.md section 11), and the trades an ended session acts on.
 */

/**
 * Or the connection is active and its API wallet not known to act for someone else: every
 * account a trader connected is watched, so trades taken outside the plan are journaled
 * (off-plan.ts) and count toward the session.
 */
export const isWatchedConnection = sql`exists (
  select 1 from ${exchangeCredentials}
  where ${exchangeCredentials.id} = ${exchangeCursors.connectionId}
    and ${exchangeCredentials.isActive}
    and ${exchangeCredentials.control} is distinct from 'none')`;

export class WatchedConnectionsRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * A cursor for every active connection without one, from the moment it was connected: the
   * fills of an account are the trader's from then on.
   */
  async ensureWatchedCursors(now: Date) {
    await this.db.execute(sql`
      insert into ${exchangeCursors}
        (connection_id, user_id, fills_from, backfilled_from, funding_from, updated_at)
      select c.id, c.user_id, (extract(epoch from c.created_at) * 1000)::bigint,
             (extract(epoch from c.created_at) * 1000)::bigint,
             (extract(epoch from c.created_at) * 1000)::bigint, ${now.toISOString()}::timestamptz
      from ${exchangeCredentials} c
      where c.is_active and c.control is distinct from 'none'
        and not exists (select 1 from ${exchangeCursors} x where x.connection_id = c.id)
      on conflict do nothing`);
  }

  /** The user's OPEN trades on the connection whose entry rests unfilled, or has filled. */
  async tradesIn(
    userId: string,
    connectionId: string,
    execution: 'resting' | 'open',
  ): Promise<string[]> {
    const rows = await this.db
      .select({ id: tradeOrders.tradeId })
      .from(tradeOrders)
      .innerJoin(trades, eq(trades.id, tradeOrders.tradeId))
      .where(
        and(
          eq(tradeOrders.userId, userId),
          eq(tradeOrders.connectionId, connectionId),
          eq(tradeOrders.execution, execution),
          eq(trades.status, 'OPEN'),
        ),
      );
    return rows.map((row) => row.id);
  }
}
