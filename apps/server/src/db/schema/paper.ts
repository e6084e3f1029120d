import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The state of the mounted paper exchange (accounts, orders, fills, nonces) as one JSON
 * snapshot, so a paper account survives a restart. One row, id 'default'.
 */
export const paperExchangeState = pgTable('paper_exchange_state', {
  id: text('id').primaryKey(),
  snapshot: jsonb('snapshot').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
