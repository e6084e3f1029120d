import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { ExchangeFill } from '@tb/core';
import {
  exchangeCredentials,
  exchangeCursors,
  exchangeFills,
  tradeOrders,
  trades,
  users,
  type ExchangeFillRow,
  type TradeOrdersRow,
  type TradeRow,
} from '../../db/schema/index.js';
import type { FillsClosing } from '@tb/core';
import { CursorRepository } from './cursor.repository.js';

/** What a fill is to the trade it belongs to. */
export type FillRole = 'entry' | 'takeProfit' | 'stopLoss' | 'close';

/** A fill read from the exchange with the trade it was matched to (null: unjournaled). */
export interface MatchedFill {
  fill: ExchangeFill;
  tradeId: string | null;
  role: FillRole | null;
}

export { LEASE_BATCH } from './cursor.repository.js';

const text = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * The reconciler's tables (exchange_cursors: cursor.repository.ts; exchange_fills) and what it
 * changes on the trades its fills close.
 */
export class ReconcilerRepository extends CursorRepository {
  /** Whether the user still has the connection (removed ones are not watched). */
  async connectionExists(userId: string, connectionId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: exchangeCredentials.id })
      .from(exchangeCredentials)
      .where(and(eq(exchangeCredentials.id, connectionId), eq(exchangeCredentials.userId, userId)))
      .limit(1);
    return rows.length > 0;
  }

  /** The connection's links whose orders (by oid or cloid) some of `fills` belong to. */
  async linksOf(
    userId: string,
    connectionId: string,
    fills: readonly ExchangeFill[],
  ): Promise<TradeOrdersRow[]> {
    const oids = [...new Set(fills.map((f) => f.oid))];
    const cloids = [...new Set(fills.flatMap((f) => (f.cloid ? [f.cloid] : [])))];
    if (oids.length === 0) return [];
    const byCloid = cloids.length
      ? [
          inArray(tradeOrders.entryCloid, cloids),
          inArray(tradeOrders.tpCloid, cloids),
          inArray(tradeOrders.slCloid, cloids),
        ]
      : [];
    return this.db
      .select()
      .from(tradeOrders)
      .where(
        and(
          eq(tradeOrders.connectionId, connectionId),
          eq(tradeOrders.userId, userId),
          or(
            inArray(tradeOrders.entryOid, oids),
            inArray(tradeOrders.tpOid, oids),
            inArray(tradeOrders.slOid, oids),
            sql`jsonb_exists_any(${tradeOrders.otherExitOids}, ${text(oids)})`,
            ...byCloid,
            // A close at market is recorded by its cloid before it is sent.
            ...(cloids.length
              ? [sql`jsonb_exists_any(${tradeOrders.otherExitOids}, ${text(cloids)})`]
              : []),
          ),
        ),
      );
  }

  /**
   * Stores the fills not stored yet (by connection and tid) and answers those, plus fills
   * stored earlier as unjournaled that now match a trade (read by a pass that ran between a
   * bracket's placement and the commit of its link): those are claimed for the trade.
   */
  async insertNew(
    userId: string,
    connectionId: string,
    fills: readonly MatchedFill[],
  ): Promise<ExchangeFillRow[]> {
    if (fills.length === 0) return [];
    return this.db
      .insert(exchangeFills)
      .values(
        fills.map(({ fill, tradeId, role }) => ({
          connectionId,
          tid: fill.tid,
          userId,
          tradeId,
          role,
          coin: fill.coin,
          oid: fill.oid,
          cloid: fill.cloid,
          side: fill.side,
          px: String(fill.px),
          sz: String(fill.sz),
          fee: String(fill.fee),
          closedPnl: String(fill.closedPnl),
          dir: fill.dir,
          startPosition: String(fill.startPosition),
          time: new Date(fill.time),
        })),
      )
      .onConflictDoUpdate({
        target: [exchangeFills.connectionId, exchangeFills.tid],
        set: { tradeId: sql`excluded.trade_id`, role: sql`excluded.role` },
        setWhere: sql`${exchangeFills.tradeId} IS NULL AND excluded.trade_id IS NOT NULL`,
      })
      .returning();
  }

  /** Every stored fill of a trade, oldest first. */
  fillsOfTrade(tradeId: string): Promise<ExchangeFillRow[]> {
    return this.db
      .select()
      .from(exchangeFills)
      .where(eq(exchangeFills.tradeId, tradeId))
      .orderBy(asc(exchangeFills.time), asc(exchangeFills.tid));
  }

  /** A linked trade and its link, the trade row locked for the pass. */
  async linkedTrade(
    tradeId: string,
  ): Promise<{ trade: TradeRow; link: TradeOrdersRow } | undefined> {
    const [row] = await this.db
      .select({ trade: trades, link: tradeOrders })
      .from(trades)
      .innerJoin(tradeOrders, eq(tradeOrders.tradeId, trades.id))
      .where(eq(trades.id, tradeId))
      .for('update', { of: trades });
    return row;
  }

  /** The entry's fills so far: their price and size, and the position open if it was resting. */
  async markEntry(tradeId: string, px: number, sz: number) {
    await this.db
      .update(tradeOrders)
      .set({
        entryFillPx: String(px),
        entryFillSz: String(sz),
        execution: sql`case when ${tradeOrders.execution} = 'resting' then 'open' else ${tradeOrders.execution} end`,
      })
      .where(eq(tradeOrders.tradeId, tradeId));
  }

  /**
   * Closes the trade from its fills, verified, only while it is OPEN: answers false when it
   * was closed already (by hand or by another pass), and then nothing changes.
   */
  async closeFromFills(tradeId: string, closing: FillsClosing, now: Date): Promise<boolean> {
    const closed = await this.db
      .update(trades)
      .set({
        status: closing.status,
        profitLoss: String(closing.profitLoss),
        exitPrice: String(closing.exitPrice),
        rMultiple: String(closing.rMultiple),
        pnlUsd: String(closing.pnlUsd),
        feesUsd: String(closing.feesUsd),
        fundingUsd: String(closing.fundingUsd),
        entryPrice: String(closing.entryPrice),
        quantity: String(closing.quantity),
        sizeUsd: String(closing.sizeUsd),
        riskUsd: String(closing.riskUsd),
        source: 'exchange',
        closedAt: now,
        updatedAt: now,
      })
      .where(and(eq(trades.id, tradeId), eq(trades.status, 'OPEN')))
      .returning({ id: trades.id });
    if (closed.length === 0) return false;
    await this.db
      .update(tradeOrders)
      .set({ execution: 'closed' })
      .where(eq(tradeOrders.tradeId, tradeId));
    return true;
  }

  /** The user as the risk rules need them: id and time zone. */
  async riskUser(userId: string): Promise<{ id: string; timeZone: string } | undefined> {
    const [row] = await this.db
      .select({ id: users.id, timeZone: users.timeZone })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  /**
   * Moves the cursor on to `newest` (never back) and clears the back-off, only while this
   * instance holds the lease: false when it lost it (the caller rolls the pass back).
   */
  async moveCursor(me: string, connectionId: string, newest: number | null, now: Date) {
    const rows = await this.db
      .update(exchangeCursors)
      .set({
        ...(newest !== null && {
          fillsFrom: sql`greatest(${exchangeCursors.fillsFrom}, ${newest})`,
        }),
        failures: 0,
        retryAt: null,
        updatedAt: now,
      })
      .where(
        and(eq(exchangeCursors.connectionId, connectionId), eq(exchangeCursors.leaseOwner, me)),
      )
      .returning({ id: exchangeCursors.connectionId });
    return rows.length === 1;
  }
}
