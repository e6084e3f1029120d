import { and, eq } from 'drizzle-orm';
import type { BingoState } from '@tb/core';
import type { Db } from '../../db/client.js';
import { bingoStates } from '../../db/schema/index.js';

/** One bingo state per user; writes are conditional on the version read (optimistic lock). */
export class BingoRepository {
  constructor(private readonly db: Db) {}

  async find(userId: string): Promise<BingoState | undefined> {
    const [row] = await this.db
      .select()
      .from(bingoStates)
      .where(eq(bingoStates.userId, userId))
      .limit(1);
    if (!row) return undefined;
    return {
      bingoPages: row.pages as BingoState['bingoPages'],
      currentPageIndex: row.currentPageIndex,
      lastModified: row.updatedAt.toISOString(),
      version: row.version,
      formatVersion: '2.0',
    };
  }

  /** Creates the first state; false when one exists already (a concurrent first read). */
  async insert(userId: string, state: BingoState): Promise<boolean> {
    const rows = await this.db
      .insert(bingoStates)
      .values({
        userId,
        pages: state.bingoPages,
        currentPageIndex: state.currentPageIndex,
        version: state.version,
        updatedAt: new Date(state.lastModified),
      })
      .onConflictDoNothing()
      .returning({ userId: bingoStates.userId });
    return rows.length === 1;
  }

  /** Writes `state` only if the stored version is still `expectedVersion`; false otherwise. */
  async replace(userId: string, expectedVersion: number, state: BingoState): Promise<boolean> {
    const rows = await this.db
      .update(bingoStates)
      .set({
        pages: state.bingoPages,
        currentPageIndex: state.currentPageIndex,
        version: state.version,
        updatedAt: new Date(state.lastModified),
      })
      .where(and(eq(bingoStates.userId, userId), eq(bingoStates.version, expectedVersion)))
      .returning({ userId: bingoStates.userId });
    return rows.length === 1;
  }
}
