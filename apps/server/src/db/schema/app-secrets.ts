import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets the server generates once and every instance on this database shares (DESIGN.md
 * section 10). Row `app`: the APP_SECRET of an installation on PostgreSQL that does not set
 * one, so sessions signed by one instance are accepted by the others and API keys sealed by
 * one are opened by the others. Written once (insert ... on conflict do nothing), never changed.
 */
export const appSecrets = pgTable('app_secrets', {
  id: text('id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
