import { and, desc, eq, gte, ne } from 'drizzle-orm';
import type { Trade } from '@tb/core';
import { trades, type TradeRow } from '../../db/schema/index.js';
import type { Queryable } from '../risk/risk.repository.js';

export type TradeInput = Pick<
  Trade,
  | 'pair'
  | 'isLong'
  | 'entryPrice'
  | 'stopLoss'
  | 'takeProfit'
  | 'riskRewardRatio'
  | 'notes'
  | 'date'
> & { score: number };

const toTrade = (row: TradeRow): Trade => ({
  id: row.id,
  pair: row.pair,
  isLong: row.isLong,
  entryPrice: Number(row.entryPrice),
  stopLoss: Number(row.stopLoss),
  takeProfit: Number(row.takeProfit),
  riskRewardRatio: Number(row.riskRewardRatio),
  notes: row.notes,
  status: row.status,
  date: row.date.toISOString(),
  createdAt: row.createdAt.toISOString(),
  profitLoss: row.profitLoss === null ? null : Number(row.profitLoss),
  score: row.score,
});

const toColumns = (t: TradeInput) => ({
  pair: t.pair,
  isLong: t.isLong,
  entryPrice: String(t.entryPrice),
  stopLoss: String(t.stopLoss),
  takeProfit: String(t.takeProfit),
  riskRewardRatio: String(t.riskRewardRatio),
  notes: t.notes,
  score: t.score,
  date: new Date(t.date),
});

/** Trades, always scoped to their owner: another user's id is simply not found. */
export class TradesRepository {
  async listVisible(db: Queryable, userId: string): Promise<Trade[]> {
    const rows = await db
      .select()
      .from(trades)
      .where(and(eq(trades.userId, userId), eq(trades.hidden, false)))
      .orderBy(desc(trades.createdAt))
      .limit(1000);
    return rows.map(toTrade);
  }

  async find(
    db: Queryable,
    userId: string,
    id: string,
    forUpdate = false,
  ): Promise<Trade | undefined> {
    const query = db
      .select()
      .from(trades)
      .where(and(eq(trades.id, id), eq(trades.userId, userId)))
      .limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ? toTrade(row) : undefined;
  }

  /** Creation times of trades opened since `since` (to count today's in the user's time zone). */
  async createdSince(db: Queryable, userId: string, since: Date): Promise<Date[]> {
    const rows = await db
      .select({ createdAt: trades.createdAt })
      .from(trades)
      .where(and(eq(trades.userId, userId), gte(trades.createdAt, since)));
    return rows.map((r) => r.createdAt);
  }

  async insert(db: Queryable, userId: string, input: TradeInput): Promise<Trade> {
    const [row] = await db
      .insert(trades)
      .values({ userId, ...toColumns(input) })
      .returning();
    return toTrade(row!);
  }

  async update(db: Queryable, userId: string, id: string, input: TradeInput): Promise<Trade> {
    const [row] = await db
      .update(trades)
      .set({ ...toColumns(input), updatedAt: new Date() })
      .where(and(eq(trades.id, id), eq(trades.userId, userId)))
      .returning();
    return toTrade(row!);
  }

  async close(
    db: Queryable,
    userId: string,
    id: string,
    status: Trade['status'],
    profitLoss: number,
    now: Date,
  ) {
    const [row] = await db
      .update(trades)
      .set({ status, profitLoss: String(profitLoss), closedAt: now, updatedAt: now })
      .where(and(eq(trades.id, id), eq(trades.userId, userId)))
      .returning();
    return toTrade(row!);
  }

  async delete(db: Queryable, userId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(trades)
      .where(and(eq(trades.id, id), eq(trades.userId, userId)))
      .returning({ id: trades.id });
    return rows.length === 1;
  }

  /** "Clear history": closed trades are hidden from the list, kept for statistics. */
  async hideClosed(db: Queryable, userId: string) {
    await db
      .update(trades)
      .set({ hidden: true })
      .where(and(eq(trades.userId, userId), eq(trades.hidden, false), ne(trades.status, 'OPEN')));
  }
}
