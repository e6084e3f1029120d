import { and, eq } from 'drizzle-orm';
import { price, type LiveTrade } from '@tb/core';
import { tradeOrders, type TradeOrdersRow } from '../../db/schema/index.js';
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
    return toLive(row!);
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
