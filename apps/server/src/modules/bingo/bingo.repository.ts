import { and, eq, sql } from 'drizzle-orm';
import type { BingoState, CellPatch } from '@tb/core';
import type { Queryable } from '../../db/client.js';
import { bingoStates } from '../../db/schema/index.js';

type BingoRow = typeof bingoStates.$inferSelect;

function toState(row: BingoRow): BingoState {
  return {
    bingoPages: row.pages as BingoState['bingoPages'],
    currentPageIndex: row.currentPageIndex,
    lastModified: row.updatedAt.toISOString(),
    version: row.version,
    formatVersion: '2.0',
  };
}

/** One bingo state per user; writes are conditional on the version read (optimistic lock). */
export class BingoRepository {
  /** The card read of every `GET /api/bingo/card`: built once, executed with a placeholder. */
  readonly #find;

  constructor(private readonly db: Queryable) {
    this.#find = db
      .select()
      .from(bingoStates)
      .where(eq(bingoStates.userId, sql.placeholder('userId')))
      .limit(1)
      .prepare('bingo_find');
  }

  async find(userId: string): Promise<BingoState | undefined> {
    const [row] = await this.#find.execute({ userId });
    return row ? toState(row) : undefined;
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

  /**
   * Changes one cell in one statement: the cell's JSON merged with `patch` by `jsonb_set`,
   * `version + 1`, the new state returned. Concurrent edits of other cells (or other fields of
   * this one) therefore all land: PostgreSQL applies each to the row the previous one left,
   * where a read-modify-write would answer 409 to all but one. The board is `boardId`, or the
   * one on screen; undefined when there is no stored state, or no such board (or, with
   * `notScript`, when the cell is a script cell).
   */
  async patchCell(
    userId: string,
    edit: {
      index: number;
      patch: Omit<CellPatch, 'script'> & { script?: string };
      boardId?: string;
      at: Date;
      /** Drops the cell's `script` (back to the trader's own cell) before merging. */
      removeScript?: boolean;
      /** Changes nothing when the cell is a script cell (a hand tick, its title or points). */
      notScript?: boolean;
    },
  ): Promise<BingoState | undefined> {
    // Worked out from the row being updated, so a concurrent save that moved boards counts.
    const page =
      edit.boardId === undefined
        ? sql`${bingoStates.currentPageIndex}`
        : sql`(select (e.o - 1)::int from jsonb_array_elements(${bingoStates.pages})
              with ordinality as e(board, o) where e.board ->> 'id' = ${edit.boardId} limit 1)`;
    const cell = sql`${bingoStates.pages} -> (${page}) -> 'bingoCells' -> (${edit.index}::int)`;
    const rows = await this.db
      .update(bingoStates)
      .set({
        pages: sql`jsonb_set(${bingoStates.pages},
          array[(${page})::text, 'bingoCells', (${edit.index}::int)::text],
          ${edit.removeScript ? sql`((${cell}) - 'script')` : cell} || ${JSON.stringify(edit.patch)}::jsonb)`,
        version: sql`${bingoStates.version} + 1`,
        updatedAt: edit.at,
      })
      .where(
        and(
          eq(bingoStates.userId, userId),
          sql`${cell} is not null`,
          edit.notScript ? sql`(${cell} ->> 'script') is null` : undefined,
        ),
      )
      .returning();
    return rows[0] && toState(rows[0]);
  }
}
