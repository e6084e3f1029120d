import {
  fundingOver,
  type ExchangeFill,
  type FundingPayment,
  type HeldSpan,
  type Usd,
} from '@tb/core';
import { and, eq, gte, lte, max } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import {
  exchangeCursors,
  exchangeFills,
  exchangeFundings,
  type ExchangeCursorRow,
} from '../../db/schema/index.js';

/**
 * Funding in verified results (DESIGN.md section 11: a verified trade's pnlUsd is fills minus
 * fees minus funding paid while it was open). The exchange charges funding hourly; the
 * reconciler reads the account's payments (`userFunding`, weight 20) only in a pass whose new
 * fills reduce a position, since only a close needs them, and keeps them per connection, so a
 * trade (or an off-plan round trip) takes the payments that fell on its coin while it was open.
 */

const HOUR_MS = 3_600_000;

/** A fill that makes a position smaller (a close, part of one, or a flip). */
const reduces = (fill: ExchangeFill): boolean =>
  fill.startPosition !== 0 && (fill.side === 'B') !== fill.startPosition > 0;

/**
 * Where a pass reads funding from, or null when its fills close nothing new: the cursor's
 * funding time, else the oldest fill read (a first read: nothing was held before it).
 */
export function fundingReadFrom(
  cursor: Pick<ExchangeCursorRow, 'fillsFrom' | 'fundingFrom'>,
  fills: readonly ExchangeFill[],
): number | null {
  const fresh = fills.filter((f) => f.time > cursor.fillsFrom || cursor.fundingFrom === null);
  if (!fresh.some(reduces)) return null;
  return cursor.fundingFrom ?? Math.min(...fills.map((f) => f.time));
}

/**
 * Whether a position the new fills reduce was held across a whole hour (when the exchange
 * charges funding): else nothing was charged on it and the read (weight 20) is spared. A
 * position's start is its latest fill from flat (startPosition 0) up to the reducing fill,
 * among these fills and those stored; none known: assumed held across one.
 */
export async function heldAcrossAnHour(
  db: Queryable,
  connectionId: string,
  fills: readonly ExchangeFill[],
): Promise<boolean> {
  for (const fill of fills.filter(reduces)) {
    const inBatch = fills
      .filter((f) => f.coin === fill.coin && f.startPosition === 0 && f.time <= fill.time)
      .map((f) => f.time);
    const [stored] = await db
      .select({ at: max(exchangeFills.time) })
      .from(exchangeFills)
      .where(
        and(
          eq(exchangeFills.connectionId, connectionId),
          eq(exchangeFills.coin, fill.coin),
          eq(exchangeFills.startPosition, '0'),
          lte(exchangeFills.time, new Date(fill.time)),
        ),
      );
    const opened = Math.max(...inBatch, stored?.at ? new Date(stored.at).getTime() : -Infinity);
    if (!Number.isFinite(opened)) return true;
    if (Math.floor(fill.time / HOUR_MS) !== Math.floor(opened / HOUR_MS)) return true;
    if (opened % HOUR_MS === 0) return true;
  }
  return false;
}

/**
 * The funding cursor after a read at `nowMs` from `from`: payments of the last two hours are
 * read again next time (the exchange may post an hour's payments a little after it), the
 * rest never (rows are keyed by connection, coin and hour, so a payment read twice is kept once).
 */
export function nextFundingFrom(from: number, nowMs: number): number {
  return Math.max(from, nowMs - 2 * HOUR_MS);
}

/** Stores the payments read for a connection (a payment stored before is skipped). */
export async function storeFundings(
  tx: Queryable,
  owner: { userId: string; connectionId: string },
  payments: readonly FundingPayment[],
): Promise<void> {
  if (payments.length === 0) return;
  await tx
    .insert(exchangeFundings)
    .values(
      payments.map((p) => ({
        connectionId: owner.connectionId,
        userId: owner.userId,
        coin: p.coin,
        time: new Date(p.time),
        usdc: String(p.usdc),
        szi: String(p.szi),
        fundingRate: String(p.fundingRate),
      })),
    )
    .onConflictDoNothing();
}

/** Moves the connection's funding cursor (in the pass's transaction, under its lease). */
export async function moveFundingCursor(
  tx: Queryable,
  connectionId: string,
  fundingFrom: number,
): Promise<void> {
  await tx
    .update(exchangeCursors)
    .set({ fundingFrom })
    .where(eq(exchangeCursors.connectionId, connectionId));
}

/** The funding a span of a connection's position received (negative: paid), USD. */
export async function fundingOfSpan(
  tx: Queryable,
  connectionId: string,
  span: HeldSpan,
): Promise<Usd> {
  const rows = await tx
    .select()
    .from(exchangeFundings)
    .where(
      and(
        eq(exchangeFundings.connectionId, connectionId),
        eq(exchangeFundings.coin, span.coin),
        gte(exchangeFundings.time, new Date(span.fromMs)),
        lte(exchangeFundings.time, new Date(span.toMs)),
      ),
    );
  const payments = rows.map((row) => ({
    coin: row.coin,
    time: row.time.getTime(),
    usdc: Number(row.usdc),
    szi: Number(row.szi),
    fundingRate: Number(row.fundingRate),
  }));
  return fundingOver(payments, span);
}

/** The span a trade's fills held: from its first entry (else its open) to its last exit. */
export function spanOfFills(
  entries: readonly ExchangeFill[],
  exits: readonly ExchangeFill[],
  openedMs: number,
  size: number,
): HeldSpan | null {
  const coin = exits[0]?.coin ?? entries[0]?.coin;
  if (!coin || exits.length === 0) return null;
  const fromMs = entries.length > 0 ? Math.min(...entries.map((f) => f.time)) : openedMs;
  return { coin, fromMs, toMs: Math.max(...exits.map((f) => f.time)), size };
}
