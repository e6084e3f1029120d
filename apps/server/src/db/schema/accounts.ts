import {
  bigserial,
  boolean,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const exchangeNetwork = pgEnum('exchange_network', ['mainnet', 'testnet', 'paper']);

/**
 * An exchange API wallet. The private key is AES-256-GCM encrypted (`apiSecretEnc`) and is never
 * returned by any endpoint; the wallet address and API key are public addresses shown masked.
 */
export const exchangeCredentials = pgTable(
  'exchange_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exchangeId: text('exchange_id').notNull().default('hyperliquid'),
    network: exchangeNetwork('network').notNull().default('mainnet'),
    walletAddress: text('wallet_address').notNull(),
    apiKey: text('api_key').notNull(),
    apiSecretEnc: text('api_secret_enc').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * How the API wallet stands to `wallet_address` (DESIGN.md section 11), as the exchange last
     * said: the wallet itself, an approved agent, or neither (places and verifies nothing).
     * Null until first checked.
     */
    control: text('control', { enum: ['wallet', 'agent', 'none'] }),
    controlCheckedAt: timestamp('control_checked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exchange_credentials_user_idx').on(t.userId)],
);

export const subscriptionPlan = pgEnum('subscription_plan', [
  'free',
  'quick',
  'monthly',
  'quarterly',
  'annual',
]);

/** One paid (or free-trial) period. The newest row whose period covers now is the active one. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: subscriptionPlan('plan').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_end_idx').on(t.userId, t.endDate)],
);

/** Discord signal settings; the webhook URL is encrypted at rest. */
export const signalSettings = pgTable('signal_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  webhookUrlEnc: text('webhook_url_enc'),
  active: boolean('active').notNull().default(false),
  types: jsonb('types').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every admin change, and other security-relevant events, in order. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * Who acted, and their username, as written (issue 29): kept when the account is deleted,
     * so no foreign key. Null for the command line.
     */
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

export type ExchangeCredentialRow = typeof exchangeCredentials.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
