import {
  closedTripOf,
  roundTrips,
  sumUsd,
  type ExchangeFill,
  type HeldSpan,
  type TradeOutcome,
} from '@tb/core';
import { and, asc, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import {
  exchangeCredentials,
  exchangeFills,
  liveIntents,
  trades,
  type ExchangeFillRow,
} from '../../db/schema/index.js';
import type { RiskUser } from '../risk/risk.service.js';

/** Moves the risk state by an off-plan trade: a trade of its day, and its outcome. */
export type ApplyOffPlan = (
  tx: Queryable,
  user: RiskUser,
  outcome: TradeOutcome & { closedAt: number },
) => Promise<unknown>;

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

/**
 * Off-plan trades (DESIGN.md section 11): every closed round trip of the connection's fills
 * that no journal trade explains (placed in Hyperliquid's own app, by a bot, through the
 * dashboard's order form) made while the account was connected, and not dismissed, becomes a
 * closed journal trade of source 'offPlan': verified fills, no plan, no R. It counts as one of
 * its day's trades and its result toward the daily loss; a losing one is a stoploss. Runs in
 * the reconciler's pass transaction, after the linked trades took their fills. Answers how
 * many it journaled.
 */
export async function journalOffPlan(
  tx: Queryable,
  ctx: {
    userId: string;
    connectionId: string;
    now: Date;
    user: RiskUser | undefined;
    applyOffPlan: ApplyOffPlan;
    /** The funding a span of the account's position received (fundings.ts); none without. */
    fundingOf?: (span: HeldSpan) => Promise<number>;
  },
): Promise<number> {
  const [connection] = await tx
    .select({ createdAt: exchangeCredentials.createdAt })
    .from(exchangeCredentials)
    .where(eq(exchangeCredentials.id, ctx.connectionId));
  if (!connection) return 0;
  // A bracket being placed on this connection may have filled before its link commits: its
  // fills are not off-plan. They are looked at again once no intent is pending.
  const [pending] = await tx
    .select({ id: liveIntents.id })
    .from(liveIntents)
    .where(eq(liveIntents.connectionId, ctx.connectionId))
    .limit(1);
  if (pending) return 0;
  const rows = await tx
    .select()
    .from(exchangeFills)
    .where(
      and(
        eq(exchangeFills.userId, ctx.userId),
        eq(exchangeFills.connectionId, ctx.connectionId),
        isNull(exchangeFills.tradeId),
        eq(exchangeFills.dismissed, false),
        gte(exchangeFills.time, connection.createdAt),
      ),
    )
    .orderBy(asc(exchangeFills.time), asc(exchangeFills.tid));
  const fills = rows.map(toFill);
  let journaled = 0;
  for (const trip of roundTrips(fills)) {
    if (trip.closedAt === null) continue;
    const tids = new Set(trip.tids);
    const closed = closedTripOf(fills.filter((fill) => tids.has(fill.tid)));
    if (!closed) continue;
    const { entries, exits } = closed;
    const coin = entries[0]?.coin ?? exits[0]!.coin;
    const span = { coin, fromMs: trip.openedAt, toMs: trip.closedAt, size: trip.size };
    const fundingUsd = ctx.fundingOf ? await ctx.fundingOf(span) : 0;
    const pnlUsd = sumUsd([closed.trip.pnlUsd, fundingUsd]);
    const status = pnlUsd < 0 ? 'STOPLOSS_HIT' : 'TARGET_HIT';
    const entry = trip.entryPrice;
    const exit = closed.trip.exitPrice;
    const quantity = trip.size;
    const [row] = await tx
      .insert(trades)
      .values({
        userId: ctx.userId,
        pair: trip.pair,
        isLong: trip.isLong,
        // No plan: no stop, no target. The levels hold the entry and the exit the fills made.
        entryPrice: String(entry),
        stopLoss: String(entry),
        takeProfit: String(exit),
        riskRewardRatio: '0',
        score: 0,
        tier: 1,
        cells: null,
        sizeUsd: String(quantity * entry),
        quantity: String(quantity),
        riskUsd: '0',
        source: 'offPlan',
        status,
        profitLoss: String(trip.isLong ? exit - entry : entry - exit),
        exitPrice: String(exit),
        rMultiple: null,
        pnlUsd: String(pnlUsd),
        feesUsd: String(trip.feesUsd),
        fundingUsd: String(fundingUsd),
        date: new Date(trip.openedAt),
        closedAt: new Date(trip.closedAt),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: trades.id });
    for (const [role, list] of [
      ['entry', entries],
      ['close', exits.filter((f) => !entries.some((e) => e.tid === f.tid))],
    ] as const) {
      if (list.length === 0) continue;
      await tx
        .update(exchangeFills)
        .set({ tradeId: row!.id, role })
        .where(
          and(
            eq(exchangeFills.connectionId, ctx.connectionId),
            inArray(
              exchangeFills.tid,
              list.map((f) => f.tid),
            ),
          ),
        );
    }
    if (ctx.user) {
      await ctx.applyOffPlan(tx, ctx.user, {
        status,
        pnlUsd,
        fromExchange: true,
        closedAt: trip.closedAt,
      });
    }
    journaled += 1;
  }
  return journaled;
}
