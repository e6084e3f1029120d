import { and, asc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ExchangeFill } from '@tb/core';
import type { Queryable } from '../../db/client.js';
import {
  exchangeCredentials,
  exchangeCursors,
  exchangeFills,
  tradeOrders,
  trades,
  users,
  type ExchangeCursorRow,
  type ExchangeFillRow,
  type TradeOrdersRow,
  type TradeRow,
} from '../../db/schema/index.js';
import type { FillsClosing } from '@tb/core';
import { isWatchedConnection, SWEEP_MS } from './watched-connections.js';

/** What a fill is to the trade it belongs to. */
export type FillRole = 'entry' | 'takeProfit' | 'stopLoss' | 'close';

/** A fill read from the exchange with the trade it was matched to (null: unjournaled). */
export interface MatchedFill {
  fill: ExchangeFill;
  tradeId: string | null;
  role: FillRole | null;
}

/** How many connections one pass leases at most. */
export const LEASE_BATCH = 50;

/** A connection has a linked OPEN trade: what makes the reconciler watch it. */
const hasOpenLinkedTrade = sql`exists (
  select 1 from ${tradeOrders} join ${trades} on ${trades.id} = ${tradeOrders.tradeId}
  where ${tradeOrders.connectionId} = ${exchangeCursors.connectionId}
    and ${tradeOrders.userId} = ${exchangeCursors.userId}
    and ${trades.status} = 'OPEN')`;

/** A lease is free when none is held, it ran out, or this instance holds it. */
const leaseFree = (me: string, now: Date): SQL =>
  or(
    isNull(exchangeCursors.leaseUntil),
    lt(exchangeCursors.leaseUntil, now),
    eq(exchangeCursors.leaseOwner, me),
  )!;

const text = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * The reconciler's tables (exchange_cursors, exchange_fills) and what it changes on the trades
 * its fills close. Cursor writes that end a pass are guarded by the lease (`lease_owner`).
 */
export class ReconcilerRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Leases up to LEASE_BATCH due connections (free lease, no back-off pending, a linked OPEN
   * trade, or a watched connection whose last pass is SWEEP_MS old), least recently worked
   * first. Rows another instance is leasing at this moment are
   * skipped (FOR UPDATE SKIP LOCKED), so two instances never lease the same connection.
   */
  async leaseDue(me: string, now: Date, until: Date): Promise<ExchangeCursorRow[]> {
    const due = this.db
      .select({ id: exchangeCursors.connectionId })
      .from(exchangeCursors)
      .where(
        and(
          leaseFree(me, now),
          or(isNull(exchangeCursors.retryAt), lte(exchangeCursors.retryAt, now)),
          or(
            hasOpenLinkedTrade,
            and(
              isWatchedConnection,
              lte(exchangeCursors.updatedAt, new Date(now.getTime() - SWEEP_MS)),
            ),
          ),
        ),
      )
      .orderBy(asc(exchangeCursors.updatedAt))
      .limit(LEASE_BATCH)
      .for('update', { skipLocked: true });
    return this.db
      .update(exchangeCursors)
      .set({ leaseOwner: me, leaseUntil: until })
      .where(inArray(exchangeCursors.connectionId, due))
      .returning();
  }

  /** Leases one connection of the user unless another instance holds it (back-off ignored). */
  async leaseOne(
    me: string,
    userId: string,
    connectionId: string,
    now: Date,
    until: Date,
  ): Promise<ExchangeCursorRow | undefined> {
    const [row] = await this.db
      .update(exchangeCursors)
      .set({ leaseOwner: me, leaseUntil: until })
      .where(
        and(
          eq(exchangeCursors.connectionId, connectionId),
          eq(exchangeCursors.userId, userId),
          leaseFree(me, now),
        ),
      )
      .returning();
    return row;
  }

  /**
   * A cursor for the connection when it has none: from `from`, or from a minute before its
   * oldest linked OPEN trade was placed when that is earlier.
   */
  async ensureCursor(userId: string, connectionId: string, from: number, now: Date) {
    const oldest = await this.db
      .select({ at: sql<string | null>`min(${tradeOrders.createdAt})` })
      .from(tradeOrders)
      .innerJoin(trades, eq(trades.id, tradeOrders.tradeId))
      .where(
        and(
          eq(tradeOrders.connectionId, connectionId),
          eq(tradeOrders.userId, userId),
          eq(trades.status, 'OPEN'),
        ),
      );
    const at = oldest[0]?.at;
    const start = at ? Math.min(from, new Date(at).getTime() - 60_000) : from;
    const starts = { fillsFrom: start, backfilledFrom: start, fundingFrom: start };
    await this.db
      .insert(exchangeCursors)
      .values({ connectionId, userId, ...starts, updatedAt: now })
      .onConflictDoNothing();
  }

  /** Fills have now been read from `from`: the unjournaled list need not read before it again. */
  async markBackfilled(me: string, connectionId: string, from: number) {
    await this.db
      .update(exchangeCursors)
      .set({
        backfilledFrom: sql`least(coalesce(${exchangeCursors.backfilledFrom}, ${from}), ${from})`,
      })
      .where(
        and(eq(exchangeCursors.connectionId, connectionId), eq(exchangeCursors.leaseOwner, me)),
      );
  }

  /** Fills were read now, with the positions seen before (a background pass's probe). */
  async noteRead(me: string, connectionId: string, positionSig: string | undefined, now: Date) {
    await this.db
      .update(exchangeCursors)
      .set({ fillsReadAt: now, ...(positionSig !== undefined && { positionSig }) })
      .where(
        and(eq(exchangeCursors.connectionId, connectionId), eq(exchangeCursors.leaseOwner, me)),
      );
  }

  /**
   * Extends this instance's lease after a long read, so the pass that read is the one that
   * applies; false when another instance took the connection meanwhile.
   */
  async renewLease(me: string, connectionId: string, until: Date): Promise<boolean> {
    const rows = await this.db
      .update(exchangeCursors)
      .set({ leaseUntil: until })
      .where(
        and(eq(exchangeCursors.connectionId, connectionId), eq(exchangeCursors.leaseOwner, me)),
      )
      .returning({ id: exchangeCursors.connectionId });
    return rows.length === 1;
  }

  /** Ends this instance's lease; the connection goes to the back of the queue. */
  async release(me: string, connectionId: string, now: Date) {
    await this.db
      .update(exchangeCursors)
      .set({ leaseOwner: null, leaseUntil: null, updatedAt: now })
      .where(
        and(eq(exchangeCursors.connectionId, connectionId), eq(exchangeCursors.leaseOwner, me)),
      );
  }

  /** Every lease of `me` released (a restarted instance: its predecessor is gone). */
  async releaseAll(me: string, now: Date) {
    await this.db
      .update(exchangeCursors)
      .set({ leaseOwner: null, leaseUntil: null, updatedAt: now })
      .where(eq(exchangeCursors.leaseOwner, me));
  }

  /** A failed read: one failure more, nothing before `retryAt`, the lease released. */
  async backOff(me: string, connectionId: string, failures: number, retryAt: Date, now: Date) {
    await this.db
      .update(exchangeCursors)
      .set({ failures, retryAt, leaseOwner: null, leaseUntil: null, updatedAt: now })
      .where(
        and(eq(exchangeCursors.connectionId, connectionId), eq(exchangeCursors.leaseOwner, me)),
      );
  }

  async dropCursor(connectionId: string) {
    await this.db.delete(exchangeCursors).where(eq(exchangeCursors.connectionId, connectionId));
  }

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
