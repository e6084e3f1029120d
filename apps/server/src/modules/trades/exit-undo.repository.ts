import { and, eq } from 'drizzle-orm';
import type { Trade } from '@tb/core';
import type { Queryable } from '../../db/client.js';
import { trades, type ExitUndoRecord } from '../../db/schema/index.js';
import { toTrade } from './trades.repository.js';

/** The trade's columns an exit changes, as stored. */
export type TradeBeforeExit = ExitUndoRecord['trade'];

/** What an undo is checked against, read with the trade's row locked. */
export interface LockedUndo {
  undo: ExitUndoRecord | null;
  exitCount: number;
  verified: boolean;
  hidden: boolean;
}

const iso = (at: Date | null) => (at === null ? null : at.toISOString());
const mine = (userId: string, id: string) => and(eq(trades.id, id), eq(trades.userId, userId));

/** The `undo` record of a trade's latest close by hand (issue 26), scoped to its owner. */
export class ExitUndoRepository {
  constructor(private readonly db: Queryable) {}

  /** The columns an exit is about to change, as stored (inside the exit's row lock). */
  async before(userId: string, id: string): Promise<TradeBeforeExit> {
    const [row] = await this.db
      .select({
        status: trades.status,
        exits: trades.exits,
        profitLoss: trades.profitLoss,
        exitPrice: trades.exitPrice,
        rMultiple: trades.rMultiple,
        pnlUsd: trades.pnlUsd,
        mfeR: trades.mfeR,
        maeR: trades.maeR,
        closedAt: trades.closedAt,
        updatedAt: trades.updatedAt,
      })
      .from(trades)
      .where(mine(userId, id))
      .limit(1);
    if (!row) throw new Error(`trade ${id} vanished under its lock`);
    return { ...row, closedAt: iso(row.closedAt), updatedAt: row.updatedAt.toISOString() };
  }

  /** Keeps the record of the latest exit (replacing an earlier one). */
  async keep(userId: string, id: string, record: ExitUndoRecord): Promise<void> {
    await this.db.update(trades).set({ undo: record }).where(mine(userId, id));
  }

  /** Locks the trade's row and reads its record; undefined when the user has no such trade. */
  async lock(userId: string, id: string): Promise<LockedUndo | undefined> {
    const [row] = await this.db
      .select({
        undo: trades.undo,
        exits: trades.exits,
        source: trades.source,
        hidden: trades.hidden,
      })
      .from(trades)
      .where(mine(userId, id))
      .limit(1)
      .for('update');
    if (!row) return undefined;
    return {
      undo: row.undo ?? null,
      exitCount: row.exits.length,
      verified: row.source !== 'journal',
      hidden: row.hidden,
    };
  }

  /** Puts the columns back as they were before the exit and drops the record. */
  async restore(userId: string, id: string, before: TradeBeforeExit): Promise<Trade> {
    const [row] = await this.db
      .update(trades)
      .set({
        ...before,
        closedAt: before.closedAt === null ? null : new Date(before.closedAt),
        updatedAt: new Date(before.updatedAt),
        undo: null,
      })
      .where(mine(userId, id))
      .returning();
    return toTrade(row!);
  }
}
