import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A message sent through Contact Us. Stored first, then mailed to every admin: the row is
 * the message even when the mail fails or no SMTP server is configured (the admin panel
 * lists them all).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The sender's account when signed in; kept as null when the account is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** From the app's clock. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * `pending` until the mail was tried; then `mailed` (SMTP accepted it for every admin),
     * `logged` (no SMTP configured: the development outbox), `failed` (see mail_error) or
     * `no-admins` (nobody to mail).
     */
    mailStatus: text('mail_status').notNull().default('pending'),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    mailError: text('mail_error'),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;
