import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { tradeOrders, type TradeOrdersRow } from '../../db/schema/index.js';

/** Appends an order id to `other_exit_oids` (a jsonb array of strings). */
const withExitOid = (oid: string) =>
  sql`${tradeOrders.otherExitOids} || ${JSON.stringify([oid])}::jsonb`;

/**
 * What the actions on a placed trade change in its `trade_orders` row: a moved stop and the
 * exits placed from the journal. Always scoped to the owner.
 */
export class TradeActionsRepository {
  constructor(private readonly db: Queryable) {}

  async findLink(userId: string, tradeId: string): Promise<TradeOrdersRow | undefined> {
    const [row] = await this.db
      .select()
      .from(tradeOrders)
      .where(and(eq(tradeOrders.tradeId, tradeId), eq(tradeOrders.userId, userId)))
      .limit(1);
    return row;
  }

  /**
   * The new stop becomes the trade's stop order (`sl_oid`, `sl_cloid`, `stop_px`); the old
   * one's oid joins the other exits, so a fill of it still closes the trade.
   */
  async replaceStop(
    userId: string,
    tradeId: string,
    stop: { oid: string | null; cloid: string; px: number; oldOid: string | null },
  ): Promise<void> {
    await this.db
      .update(tradeOrders)
      .set({
        slOid: stop.oid,
        slCloid: stop.cloid,
        stopPx: String(stop.px),
        ...(stop.oldOid !== null && { otherExitOids: withExitOid(stop.oldOid) }),
      })
      .where(and(eq(tradeOrders.tradeId, tradeId), eq(tradeOrders.userId, userId)));
  }

  /** An exit placed from the journal (close at market): its fills close the trade. */
  async addExitOid(userId: string, tradeId: string, oid: string): Promise<void> {
    await this.db
      .update(tradeOrders)
      .set({ otherExitOids: withExitOid(oid) })
      .where(and(eq(tradeOrders.tradeId, tradeId), eq(tradeOrders.userId, userId)));
  }
}
