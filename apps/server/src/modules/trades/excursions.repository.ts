import { and, desc, eq, gte, isNotNull, isNull, lte, ne, type SQL } from 'drizzle-orm';
import type { Excursions } from '@tb/core';
import type { Network } from '@tb/hyperliquid';
import type { Queryable } from '../../db/client.js';
import { exchangeCredentials, tradeOrders, trades } from '../../db/schema/index.js';

/** A closed trade as excursions read it, with the network of its exchange connection if any. */
export interface ClosedTradeRow {
  id: string;
  pair: string;
  isLong: boolean;
  entryPrice: string;
  stopLoss: string;
  exitPrice: string | null;
  date: Date;
  closedAt: Date | null;
  network: Network | null;
}

const COLUMNS = {
  id: trades.id,
  pair: trades.pair,
  isLong: trades.isLong,
  entryPrice: trades.entryPrice,
  stopLoss: trades.stopLoss,
  exitPrice: trades.exitPrice,
  date: trades.date,
  closedAt: trades.closedAt,
  network: exchangeCredentials.network,
};

/** The trades' MFE / MAE columns (issue 26): which closed trades lack them, and storing them. */
export class ExcursionsRepository {
  constructor(private readonly db: Queryable) {}

  /** One closed, on-plan trade by id (any owner: the caller got the id from its close). */
  async closed(id: string): Promise<ClosedTradeRow | undefined> {
    const [row] = await this.#closed(eq(trades.id, id), 1);
    return row;
  }

  /**
   * Closed, on-plan trades without excursions closed within [from, until], newest first; with
   * `connectedOnly`, only those placed through an exchange connection.
   */
  missing(
    from: Date,
    until: Date,
    limit: number,
    connectedOnly: boolean,
  ): Promise<ClosedTradeRow[]> {
    return this.#closed(
      and(
        isNull(trades.mfeR),
        gte(trades.closedAt, from),
        lte(trades.closedAt, until),
        connectedOnly ? isNotNull(exchangeCredentials.network) : undefined,
      ),
      limit,
    );
  }

  /**
   * Stores a trade's excursions, only for the close they were read for (`closedAt`): a trade
   * reopened (undo) or closed again is not given the excursions of another life.
   */
  async store(id: string, closedAt: Date, { mfeR, maeR }: Excursions): Promise<void> {
    await this.db
      .update(trades)
      .set({ mfeR: String(mfeR), maeR: String(maeR) })
      .where(and(eq(trades.id, id), ne(trades.status, 'OPEN'), eq(trades.closedAt, closedAt)));
  }

  #closed(where: SQL | undefined, limit: number): Promise<ClosedTradeRow[]> {
    return this.db
      .select(COLUMNS)
      .from(trades)
      .leftJoin(tradeOrders, eq(tradeOrders.tradeId, trades.id))
      .leftJoin(exchangeCredentials, eq(exchangeCredentials.id, tradeOrders.connectionId))
      .where(and(where, ne(trades.status, 'OPEN'), ne(trades.source, 'offPlan')))
      .orderBy(desc(trades.closedAt))
      .limit(limit) as Promise<ClosedTradeRow[]>;
  }
}
