import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A strategy board's cell as stored: shaped as a bingo cell (title, points). */
export interface StoredStrategyCell {
  title: string;
  points: number;
}

/**
 * The monthly strategy (DESIGN.md section 15): an admin's title, text (a safe subset of
 * Markdown, rendered by the web) and 25-cell board, a draft until published for a month. One
 * published strategy per month; the author's name is kept if the account goes.
 */
export const strategies = pgTable(
  'strategies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'YYYY-MM', set when published. */
    month: text('month'),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    board: jsonb('board').$type<StoredStrategyCell[]>().notNull(),
    /** 'draft' or 'published'. */
    state: text('state').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('strategies_published_month_uq')
      .on(t.month)
      .where(sql`${t.state} = 'published'`),
    index('strategies_created_idx').on(t.createdAt),
  ],
);

export type StrategyRow = typeof strategies.$inferSelect;
