import { and, asc, count, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import {
  exchangeCursors,
  tradeOrders,
  trades,
  type ExchangeCursorRow,
} from '../../db/schema/index.js';
import { isWatchedConnection } from './watched-connections.js';

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

/**
 * The reconciler's cursors (exchange_cursors): which connections a pass works, their leases
 * (one instance at a time), and where their reads are. Writes that end a pass are guarded by
 * the lease (`lease_owner`).
 */
export class CursorRepository {
  constructor(protected readonly db: Queryable) {}

  /**
   * Leases due connections: free lease, no back-off pending, and either due (`due_at`: the
   * market reached a level of a live trade; up to LEASE_BATCH, the earliest first) or on the
   * sweep (a linked OPEN trade or a watched connection whose last pass is `sweepMs` old; up to
   * `sweepLimit`, least recently worked first, so the sweep runs steadily rather than in
   * bursts). Rows another instance is leasing at this moment are skipped (FOR UPDATE SKIP
   * LOCKED), so two instances never lease the same connection.
   */
  async leaseDue(
    me: string,
    now: Date,
    until: Date,
    { sweepMs, sweepLimit }: { sweepMs: number; sweepLimit: number },
  ): Promise<ExchangeCursorRow[]> {
    const free = and(
      leaseFree(me, now),
      or(isNull(exchangeCursors.retryAt), lte(exchangeCursors.retryAt, now)),
    );
    const due = this.db
      .select({ id: exchangeCursors.connectionId })
      .from(exchangeCursors)
      .where(and(free, lte(exchangeCursors.dueAt, now)))
      .orderBy(asc(exchangeCursors.dueAt))
      .limit(LEASE_BATCH)
      .for('update', { skipLocked: true });
    const swept = this.db
      .select({ id: exchangeCursors.connectionId })
      .from(exchangeCursors)
      .where(
        and(
          free,
          or(isNull(exchangeCursors.dueAt), gt(exchangeCursors.dueAt, now)),
          or(hasOpenLinkedTrade, isWatchedConnection),
          lte(exchangeCursors.updatedAt, new Date(now.getTime() - sweepMs)),
        ),
      )
      .orderBy(asc(exchangeCursors.updatedAt))
      .limit(Math.max(0, sweepLimit))
      .for('update', { skipLocked: true });
    return this.db
      .update(exchangeCursors)
      .set({ leaseOwner: me, leaseUntil: until })
      .where(
        or(
          inArray(exchangeCursors.connectionId, due),
          inArray(exchangeCursors.connectionId, swept),
        ),
      )
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

  /** How many connections are watched (the sweep's periods grow with it: sweep.ts). */
  async cursorCount(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(exchangeCursors);
    return row?.n ?? 0;
  }

  /**
   * Fills were read now, with the positions seen before (a sweep's probe): a due time up to
   * the pass's start is met (a level reached since stays due).
   */
  async noteRead(
    me: string,
    connectionId: string,
    positionSig: string | undefined,
    now: Date,
    passAt: Date,
  ) {
    const met = sql`case when ${exchangeCursors.dueAt} <= ${passAt.toISOString()}::timestamptz
      then null else ${exchangeCursors.dueAt} end`;
    await this.db
      .update(exchangeCursors)
      .set({ fillsReadAt: now, dueAt: met, ...(positionSig !== undefined && { positionSig }) })
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

  /** Ends this instance's lease without a pass: the connection keeps its place in the queue. */
  async putBack(me: string, connectionId: string) {
    await this.db
      .update(exchangeCursors)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(
        and(eq(exchangeCursors.connectionId, connectionId), eq(exchangeCursors.leaseOwner, me)),
      );
  }

  /**
   * A due connection looked at, nothing new on the exchange: its due time up to the pass's
   * start is met (a level reached since stays due), the lease ends.
   */
  async metDue(me: string, connectionId: string, passAt: Date, now: Date) {
    await this.db
      .update(exchangeCursors)
      .set({
        dueAt: sql`case when ${exchangeCursors.dueAt} <= ${passAt.toISOString()}::timestamptz
          then null else ${exchangeCursors.dueAt} end`,
        leaseOwner: null,
        leaseUntil: null,
        updatedAt: now,
      })
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
}
