import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** An account. Usernames are unique without regard to case; emails are stored lower-cased. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isPaidUser: boolean('is_paid_user').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** IANA time zone that sets the trading-day boundary (DESIGN.md section 1). */
    timeZone: text('time_zone').notNull().default('UTC'),
    showOnLeaderboard: boolean('show_on_leaderboard').notNull().default(true),
    /** The dashboard trades through the connected exchange: one choice for every browser. */
    liveTradingEnabled: boolean('live_trading_enabled').notNull().default(false),
    /** "Close my positions when the session ends": the lock flattens the account at market. */
    flattenOnSessionEnd: boolean('flatten_on_session_end').notNull().default(false),
    widgetLayout: jsonb('widget_layout'),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
