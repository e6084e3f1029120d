import { and, asc, eq, getTableColumns, inArray, ne, or, sql } from 'drizzle-orm';
import {
  price,
  rMultiple,
  usd,
  type CellSnapshot,
  type ImportedTrade,
  type OpenedTrade,
  type Trade,
  type TradeClosing,
  type TradeExit,
} from '@tb/core';
import { exchangeFills, tradeOrders, trades, type TradeRow } from '../../db/schema/index.js';
import type { Queryable } from '../../db/client.js';

/** What an edit of an OPEN trade changes: the levels, the facts that follow, pair and notes. */
export interface TradeEdit {
  pair: string;
  isLong: boolean;
  entryPrice: number;
  stopLoss: number;
  takeProfit: number;
  riskRewardRatio: number;
  quantity: number;
  riskUsd: number;
  notes: string;
  date: string;
}

const num = (value: string | null): number | null => (value === null ? null : Number(value));

/** A row as the API shows it: numerics (strings in the database) as numbers, in their units. */
export const toTrade = (row: TradeRow): Trade => ({
  id: row.id,
  pair: row.pair,
  isLong: row.isLong,
  entryPrice: price(Number(row.entryPrice)),
  stopLoss: price(Number(row.stopLoss)),
  takeProfit: price(Number(row.takeProfit)),
  riskRewardRatio: Number(row.riskRewardRatio),
  notes: row.notes,
  status: row.status,
  date: row.date.toISOString(),
  createdAt: row.createdAt.toISOString(),
  profitLoss: num(row.profitLoss),
  score: row.score,
  tier: row.tier,
  cells: row.cells as CellSnapshot[] | null,
  targetManual: row.targetManual,
  sizeUsd: usd(Number(row.sizeUsd)),
  quantity: Number(row.quantity),
  riskUsd: usd(Number(row.riskUsd)),
  sizeEstimated: row.sizeEstimated,
  streakAtOpen: row.streakAtOpen,
  accountSizeAtOpen: row.accountSizeAtOpen === null ? null : usd(Number(row.accountSizeAtOpen)),
  exits: row.exits.map((e) => ({ ...e, price: price(e.price) })),
  exitPrice: row.exitPrice === null ? null : price(Number(row.exitPrice)),
  rMultiple: row.rMultiple === null ? null : rMultiple(Number(row.rMultiple)),
  pnlUsd: row.pnlUsd === null ? null : usd(Number(row.pnlUsd)),
  closedAt: row.closedAt?.toISOString() ?? null,
  verified: row.source !== 'journal',
  feesUsd: row.feesUsd === null ? null : usd(Number(row.feesUsd)),
  fundingUsd: row.fundingUsd === null ? null : usd(Number(row.fundingUsd)),
  imported: row.imported,
  offPlan: row.source === 'offPlan',
  mfeR: num(row.mfeR),
  maeR: num(row.maeR),
});

const TRADE_COLUMNS = Object.entries(getTableColumns(trades));

/** A row of `trades` as PostgreSQL's JSON writes it, read as drizzle reads its columns. */
export function rowFromJson(json: Record<string, unknown>): TradeRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of TRADE_COLUMNS) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as TradeRow;
}

const editColumns = (t: TradeEdit) => ({
  pair: t.pair,
  isLong: t.isLong,
  entryPrice: String(t.entryPrice),
  stopLoss: String(t.stopLoss),
  takeProfit: String(t.takeProfit),
  riskRewardRatio: String(t.riskRewardRatio),
  quantity: String(t.quantity),
  riskUsd: String(t.riskUsd),
  notes: t.notes,
  date: new Date(t.date),
});

const openedColumns = (t: OpenedTrade) => ({
  ...editColumns(t),
  score: t.score,
  tier: t.tier,
  cells: t.cells,
  targetManual: t.targetManual,
  sizeUsd: String(t.sizeUsd),
  sizeEstimated: false,
  streakAtOpen: t.streakAtOpen,
  accountSizeAtOpen: String(t.accountSizeAtOpen),
});

/** Trades, always scoped to their owner: another user's id is simply not found. */
export class TradesRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Every trade of the journal (not hidden), newest first. The rows come back as ONE JSON text
   * and are decoded by the schema's own columns: PGlite spends microseconds per field of a
   * returned row, over a second for 5,000 full trades on a busy machine, and a third of that
   * this way (bench/trade-history.mjs).
   */
  async listVisible(userId: string): Promise<Trade[]> {
    const result = (await this.db.execute(sql`
      select coalesce(json_agg(t order by t.created_at desc), '[]')::text as list
      from (select * from ${trades}
        where ${trades.userId} = ${userId} and ${trades.hidden} = false) t`)) as unknown as {
      rows: Array<{ list: string }>;
    };
    const list = JSON.parse(result.rows[0]?.list ?? '[]') as Record<string, unknown>[];
    return list.map((json) => toTrade(rowFromJson(json)));
  }

  /**
   * The version of what the list is made of (listVisible and the user's trade_orders, whose
   * rows give the placed trades' `live`), as one md5: each row's id and `xmin`, the transaction
   * that wrote its current version. Every insert and update gives a row a new `xmin`, whatever
   * code or SQL wrote it and whether or not it set updated_at (hide, clear history, the
   * reconciler, MFE / MAE, unverifying a connection do not); a row that leaves the list (deleted
   * or hidden) takes its id out. Two states with the same version hold the same rows.
   */
  async listVersion(userId: string): Promise<string> {
    const result = (await this.db.execute(sql`
      select md5(
        coalesce((select string_agg(t.id::text || ':' || t.xmin::text, ',' order by t.id)
          from ${trades} t where t.user_id = ${userId} and t.hidden = false), '')
        || '/' ||
        coalesce((select string_agg(o.trade_id::text || ':' || o.xmin::text, ',' order by o.trade_id)
          from ${tradeOrders} o where o.user_id = ${userId}), '')
      ) as version`)) as unknown as { rows: Array<{ version: string }> };
    return result.rows[0]!.version;
  }

  /** Every trade of the user, hidden ones too, oldest first (the journal export). */
  async listAll(userId: string): Promise<Trade[]> {
    const rows = await this.db
      .select()
      .from(trades)
      .where(eq(trades.userId, userId))
      .orderBy(asc(trades.date), asc(trades.createdAt), asc(trades.id));
    return rows.map(toTrade);
  }

  async find(userId: string, id: string, forUpdate = false): Promise<Trade | undefined> {
    const query = this.db
      .select()
      .from(trades)
      .where(and(eq(trades.id, id), eq(trades.userId, userId)))
      .limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ? toTrade(row) : undefined;
  }

  /** A new OPEN trade, with the board its cells were ticked on (and its id when chosen before). */
  async insert(
    userId: string,
    trade: OpenedTrade,
    now: Date,
    board: { id: string; name: string },
    id?: string,
  ): Promise<Trade> {
    const [row] = await this.db
      .insert(trades)
      .values({
        ...(id && { id }),
        userId,
        ...openedColumns(trade),
        boardId: board.id,
        boardName: board.name,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return toTrade(row!);
  }

  /** Trades of the browser's journal, as they were (imported, unverified), in one statement. */
  async insertImported(userId: string, list: readonly ImportedTrade[], now: Date) {
    if (list.length === 0) return [];
    const rows = await this.db
      .insert(trades)
      .values(
        list.map((t) => ({
          userId,
          ...editColumns(t),
          score: t.score,
          tier: t.tier,
          cells: t.cells,
          targetManual: t.targetManual,
          sizeUsd: String(t.sizeUsd),
          sizeEstimated: t.sizeEstimated,
          streakAtOpen: t.streakAtOpen,
          accountSizeAtOpen: t.accountSizeAtOpen === null ? null : String(t.accountSizeAtOpen),
          imported: true,
          status: t.closing?.status ?? ('OPEN' as const),
          profitLoss: t.closing ? String(t.closing.profitLoss) : null,
          exitPrice: t.closing ? String(t.closing.exitPrice) : null,
          rMultiple: t.closing ? String(t.closing.rMultiple) : null,
          pnlUsd: t.closing ? String(t.closing.pnlUsd) : null,
          closedAt: t.closing ? new Date(t.closing.closedAt) : null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    return rows.map(toTrade);
  }

  async update(userId: string, id: string, edit: TradeEdit, now: Date): Promise<Trade> {
    const [row] = await this.db
      .update(trades)
      // An edit drops the undo of the last exit: undoing it would now rewrite the edit.
      .set({ ...editColumns(edit), undo: null, updatedAt: now })
      .where(and(eq(trades.id, id), eq(trades.userId, userId)))
      .returning();
    return toTrade(row!);
  }

  /** Records the exits of a trade closed in parts that is still open. */
  async recordExits(userId: string, id: string, exits: TradeExit[], now: Date): Promise<Trade> {
    const [row] = await this.db
      .update(trades)
      .set({ exits, updatedAt: now })
      .where(and(eq(trades.id, id), eq(trades.userId, userId)))
      .returning();
    return toTrade(row!);
  }

  /** Closes the trade; `exits` when it was closed by hand at typed prices. */
  async close(userId: string, id: string, closing: TradeClosing, now: Date, exits?: TradeExit[]) {
    const [row] = await this.db
      .update(trades)
      .set({
        ...(exits && { exits }),
        status: closing.status,
        profitLoss: String(closing.profitLoss),
        exitPrice: String(closing.exitPrice),
        rMultiple: String(closing.rMultiple),
        pnlUsd: String(closing.pnlUsd),
        closedAt: now,
        updatedAt: now,
      })
      .where(and(eq(trades.id, id), eq(trades.userId, userId)))
      .returning();
    return toTrade(row!);
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(trades)
      .where(and(eq(trades.id, id), eq(trades.userId, userId)))
      .returning({ id: trades.id });
    return rows.length === 1;
  }

  /** Hides one trade from the list (kept for statistics); its close can no longer be undone. */
  async hide(userId: string, id: string) {
    await this.db
      .update(trades)
      .set({ hidden: true, undo: null })
      .where(and(eq(trades.userId, userId), eq(trades.id, id)));
  }

  /** "Clear history": closed trades are hidden from the list, kept for statistics. */
  async hideClosed(userId: string) {
    await this.db
      .update(trades)
      .set({ hidden: true, undo: null })
      .where(and(eq(trades.userId, userId), eq(trades.hidden, false), ne(trades.status, 'OPEN')));
  }

  /**
   * Takes the verified badge off every trade the connection's fills closed or that it placed:
   * for a connection whose API wallet turned out not to act for its wallet (DESIGN.md
   * section 11), what it brought in is not proven the trader's. Answers how many.
   */
  async unverifyFromConnection(userId: string, connectionId: string): Promise<number> {
    const rows = await this.db
      .update(trades)
      .set({ source: 'journal' })
      .where(
        and(
          eq(trades.userId, userId),
          ne(trades.source, 'journal'),
          or(
            inArray(
              trades.id,
              this.db
                .select({ id: exchangeFills.tradeId })
                .from(exchangeFills)
                .where(eq(exchangeFills.connectionId, connectionId)),
            ),
            inArray(
              trades.id,
              this.db
                .select({ id: tradeOrders.tradeId })
                .from(tradeOrders)
                .where(eq(tradeOrders.connectionId, connectionId)),
            ),
          ),
        ),
      )
      .returning({ id: trades.id });
    return rows.length;
  }
}
