import type { ExchangeFill, FillsClosing } from '@tb/core';
import { and, asc, count, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import {
  exchangeCredentials,
  exchangeFills,
  tradeOrders,
  trades,
  type ExchangeFillRow,
} from '../../db/schema/index.js';
import { toTrade } from '../trades/trades.repository.js';

/** A stored fill in core's shape (numerics are strings in the database). */
export const toFill = (row: ExchangeFillRow): ExchangeFill => ({
  tid: row.tid,
  oid: row.oid,
  cloid: row.cloid,
  coin: row.coin,
  side: row.side,
  px: Number(row.px),
  sz: Number(row.sz),
  fee: Number(row.fee),
  closedPnl: Number(row.closedPnl),
  dir: row.dir,
  startPosition: Number(row.startPosition),
  time: row.time.getTime(),
});

/** A new trade made of a closed trip's fills: its levels and what the fills say. */
export interface ImportedTrade {
  pair: string;
  isLong: boolean;
  stopLoss: number;
  takeProfit: number;
  riskRewardRatio: number;
  openedAt: Date;
  closedAt: Date;
  closing: FillsClosing;
}

/** The closing columns of a trade closed from fills: verified (source 'exchange'). */
const closedColumns = (closing: FillsClosing) => ({
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
  source: 'exchange' as const,
});

/**
 * The unjournaled fills of a connection (exchange_fills with no trade, stored by the
 * reconciler) and the trades they become. Always scoped to the owner.
 */
export class UnjournaledRepository {
  constructor(private readonly db: Queryable) {}

  /** When the user's connection was added; undefined when it is not theirs. */
  async connectionCreatedAt(userId: string, connectionId: string): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ createdAt: exchangeCredentials.createdAt })
      .from(exchangeCredentials)
      .where(and(eq(exchangeCredentials.id, connectionId), eq(exchangeCredentials.userId, userId)))
      .limit(1);
    return row?.createdAt;
  }

  /**
   * Fills of the connection no plan explains and the user has not dismissed, oldest first:
   * those no trade holds, and those of off-plan trades (journaled by the reconciler, still
   * waiting for the trader to attach them to a plan or give them one).
   */
  async openFills(userId: string, connectionId: string): Promise<ExchangeFill[]> {
    const rows = await this.db
      .select({ fill: exchangeFills })
      .from(exchangeFills)
      .leftJoin(trades, eq(trades.id, exchangeFills.tradeId))
      .where(
        and(
          eq(exchangeFills.userId, userId),
          eq(exchangeFills.connectionId, connectionId),
          or(isNull(exchangeFills.tradeId), eq(trades.source, 'offPlan')),
          eq(exchangeFills.dismissed, false),
        ),
      )
      .orderBy(asc(exchangeFills.time), asc(exchangeFills.tid));
    return rows.map((row) => toFill(row.fill));
  }

  /**
   * The named fills, locked for this commit, when they are all unjournaled or all of one
   * off-plan trade of the user (whose id is answered with them); else `fills` holds only those
   * that were (fewer than asked: taken).
   */
  async lockTripFills(
    userId: string,
    connectionId: string,
    tids: readonly number[],
  ): Promise<{ fills: ExchangeFill[]; offPlanTradeId: string | null }> {
    const rows = await this.db
      .select({ fill: exchangeFills, source: trades.source })
      .from(exchangeFills)
      .leftJoin(trades, eq(trades.id, exchangeFills.tradeId))
      .where(
        and(
          eq(exchangeFills.userId, userId),
          eq(exchangeFills.connectionId, connectionId),
          inArray(exchangeFills.tid, [...tids]),
          or(isNull(exchangeFills.tradeId), eq(trades.source, 'offPlan')),
          eq(exchangeFills.dismissed, false),
        ),
      )
      .for('update', { of: exchangeFills });
    const owners = new Set(rows.map((row) => row.fill.tradeId));
    const [owner] = [...owners];
    if (owners.size !== 1 || owner === undefined) return { fills: [], offPlanTradeId: null };
    if (owner !== null) {
      // An off-plan trade is taken whole: its fills, all of them.
      const [all] = await this.db
        .select({ n: count() })
        .from(exchangeFills)
        .where(eq(exchangeFills.tradeId, owner));
      if ((all?.n ?? 0) !== rows.length) return { fills: [], offPlanTradeId: null };
    }
    return { fills: rows.map((row) => toFill(row.fill)), offPlanTradeId: owner };
  }

  /** Removes an off-plan trade whose fills a plan now holds (its risk stays counted). */
  async deleteOffPlan(userId: string, tradeId: string): Promise<void> {
    await this.db
      .delete(trades)
      .where(and(eq(trades.id, tradeId), eq(trades.userId, userId), eq(trades.source, 'offPlan')));
  }

  /** The named fills that are still unjournaled and not dismissed, locked for this commit. */
  async lockOpenFills(
    userId: string,
    connectionId: string,
    tids: readonly number[],
  ): Promise<ExchangeFill[]> {
    const rows = await this.db
      .select()
      .from(exchangeFills)
      .where(
        and(
          eq(exchangeFills.userId, userId),
          eq(exchangeFills.connectionId, connectionId),
          inArray(exchangeFills.tid, [...tids]),
          isNull(exchangeFills.tradeId),
          eq(exchangeFills.dismissed, false),
        ),
      )
      .for('update');
    return rows.map(toFill);
  }

  /** The fills now belong to the trade: entries as 'entry', the others as 'close'. */
  async assign(
    userId: string,
    connectionId: string,
    tradeId: string,
    entryTids: readonly number[],
    exitTids: readonly number[],
  ): Promise<void> {
    for (const [role, tids] of [
      ['entry', entryTids],
      ['close', exitTids.filter((tid) => !entryTids.includes(tid))],
    ] as const) {
      if (tids.length === 0) continue;
      await this.db
        .update(exchangeFills)
        .set({ tradeId, role })
        .where(
          and(
            eq(exchangeFills.userId, userId),
            eq(exchangeFills.connectionId, connectionId),
            inArray(exchangeFills.tid, [...tids]),
          ),
        );
    }
  }

  /** Hides unjournaled fills from the list; returns how many were hidden. */
  async dismiss(userId: string, connectionId: string, tids: readonly number[]): Promise<number> {
    const rows = await this.db
      .update(exchangeFills)
      .set({ dismissed: true })
      .where(
        and(
          eq(exchangeFills.userId, userId),
          eq(exchangeFills.connectionId, connectionId),
          inArray(exchangeFills.tid, [...tids]),
          isNull(exchangeFills.tradeId),
        ),
      )
      .returning({ tid: exchangeFills.tid });
    return rows.length;
  }

  /** Whether the trade was placed on the exchange (it has its own orders and fills). */
  async isPlaced(tradeId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: tradeOrders.tradeId })
      .from(tradeOrders)
      .where(eq(tradeOrders.tradeId, tradeId))
      .limit(1);
    return rows.length > 0;
  }

  /** Closes the user's OPEN trade from fills, verified. */
  async closeAttached(userId: string, tradeId: string, closing: FillsClosing, now: Date) {
    const [row] = await this.db
      .update(trades)
      .set({ ...closedColumns(closing), closedAt: now, updatedAt: now })
      .where(and(eq(trades.id, tradeId), eq(trades.userId, userId), eq(trades.status, 'OPEN')))
      .returning();
    return row ? toTrade(row) : undefined;
  }

  /**
   * A closed, verified trade from a trip: the trader's stop and target, score 0, no cells, a
   * manual target; dated by the trip's first fill and closed at its last.
   */
  async insertImported(userId: string, t: ImportedTrade, now: Date) {
    const [row] = await this.db
      .insert(trades)
      .values({
        userId,
        pair: t.pair,
        isLong: t.isLong,
        stopLoss: String(t.stopLoss),
        takeProfit: String(t.takeProfit),
        riskRewardRatio: String(t.riskRewardRatio),
        score: 0,
        tier: 1,
        cells: null,
        targetManual: true,
        ...closedColumns(t.closing),
        date: t.openedAt,
        closedAt: t.closedAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return toTrade(row!);
  }
}
