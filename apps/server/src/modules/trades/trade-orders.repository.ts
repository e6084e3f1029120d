import { and, eq, sql } from 'drizzle-orm';
import { price, type LiveTrade } from '@tb/core';
import { exchangeCursors, tradeOrders, type TradeOrdersRow } from '../../db/schema/index.js';
import type { Queryable } from '../../db/client.js';

/** What links a journal trade to its bracket on the exchange. */
export interface TradeOrdersLink {
  connectionId: string;
  coin: string;
  cloids: { entry: string; takeProfit: string; stopLoss: string };
  orders: { entry: string | null; takeProfit: string | null; stopLoss: string | null };
  leverage: number;
  orderType: 'limit' | 'market';
}

/** A link as the API shows it on the trade (`live`). */
export const toLive = (row: TradeOrdersRow): LiveTrade => ({
  connectionId: row.connectionId,
  orders: { entry: row.entryOid, takeProfit: row.tpOid, stopLoss: row.slOid },
  leverage: row.leverage,
  orderType: row.orderType,
  execution: row.execution,
  filledPrice: row.entryFillPx === null ? null : price(Number(row.entryFillPx)),
  filledSize: row.entryFillSz === null ? null : Number(row.entryFillSz),
  stopPrice: row.stopPx === null ? null : price(Number(row.stopPx)),
});

/** Fills are read from this long before a bracket's placement (clock skew with the exchange). */
export const CURSOR_LEAD_MS = 60_000;

/** The trade_orders table: one row per journal trade placed on the exchange. */
export class TradeOrdersRepository {
  constructor(private readonly db: Queryable) {}

  async insert(userId: string, tradeId: string, link: TradeOrdersLink, now: Date) {
    const [row] = await this.db
      .insert(tradeOrders)
      .values({
        tradeId,
        userId,
        connectionId: link.connectionId,
        coin: link.coin,
        entryCloid: link.cloids.entry,
        tpCloid: link.cloids.takeProfit,
        slCloid: link.cloids.stopLoss,
        entryOid: link.orders.entry,
        tpOid: link.orders.takeProfit,
        slOid: link.orders.stopLoss,
        leverage: link.leverage,
        orderType: link.orderType,
        // A market entry is an IOC the exchange filled or refused: accepted means held.
        execution: link.orderType === 'market' ? 'open' : 'resting',
        createdAt: now,
      })
      .returning();
    // The reconciler watches the connection from now on (DESIGN.md section 9): its fill cursor
    // starts before the placement, and a back-off left from earlier failures is cleared.
    const from = now.getTime() - CURSOR_LEAD_MS;
    await this.db
      .insert(exchangeCursors)
      .values({
        connectionId: link.connectionId,
        userId,
        fillsFrom: from,
        fundingFrom: from,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: exchangeCursors.connectionId,
        set: {
          fillsFrom: sql`least(${exchangeCursors.fillsFrom}, ${from})`,
          fundingFrom: sql`least(coalesce(${exchangeCursors.fundingFrom}, ${from}), ${from})`,
          failures: 0,
          retryAt: null,
          // The positions are unknown again: the next sweep takes their signature afresh (the
          // bracket's fills are the price watch's to read: reconciler/price-watch.ts).
          positionSig: null,
        },
      });
    return toLive(row!);
  }

  /**
   * The links of some of the user's trades, by trade id (the trade list). Read by user (its
   * index) and picked here: the list names every trade of the journal, and an IN list of 5,000
   * ids cost more than the user's few placed trades (bench/trade-history.mjs).
   */
  async findMany(userId: string, tradeIds: readonly string[]): Promise<Map<string, LiveTrade>> {
    if (tradeIds.length === 0) return new Map();
    const wanted = new Set(tradeIds);
    const rows = await this.db.select().from(tradeOrders).where(eq(tradeOrders.userId, userId));
    return new Map(
      rows.filter((row) => wanted.has(row.tradeId)).map((row) => [row.tradeId, toLive(row)]),
    );
  }

  async find(userId: string, tradeId: string): Promise<LiveTrade | undefined> {
    const [row] = await this.db
      .select()
      .from(tradeOrders)
      .where(and(eq(tradeOrders.tradeId, tradeId), eq(tradeOrders.userId, userId)))
      .limit(1);
    return row ? toLive(row) : undefined;
  }
}
