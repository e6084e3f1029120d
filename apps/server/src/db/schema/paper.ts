import {
  bigint,
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { FillRecord, OrderRecord } from '@tb/paper-exchange';

/**
 * The state of the mounted paper exchange, one row per account and per signer, so a request
 * locks only the rows it touches (SELECT ... FOR UPDATE) and writes back only what changed, in
 * one transaction; several app instances can serve /paper on one PostgreSQL (DESIGN.md
 * section 10). Times are epoch milliseconds, as the exchange's protocol has them.
 */

/** One row: the seed of the price path, so prices do not jump on a restart. */
export const paperSettings = pgTable('paper_settings', {
  id: text('id').primaryKey(),
  seed: doublePrecision('seed').notNull(),
});

/**
 * A funded address: cash, positions, leverage, margin modes and resting orders (what every request on the
 * account reads and changes), the time it was evaluated up to, and its block of ids.
 */
export const paperAccounts = pgTable('paper_accounts', {
  address: text('address').primaryKey(),
  usdc: doublePrecision('usdc').notNull(),
  positions: jsonb('positions').notNull(),
  leverage: jsonb('leverage').notNull(),
  /** Coins whose margin mode the account set to isolated (`updateLeverage` isCross false). */
  isolated: jsonb('isolated').$type<string[]>().notNull().default([]),
  openOrders: jsonb('open_orders').$type<OrderRecord[]>().notNull(),
  lastEvalMs: bigint('last_eval_ms', { mode: 'number' }).notNull(),
  idBlock: bigint('id_block', { mode: 'number' }).notNull(),
  nextId: bigint('next_id', { mode: 'number' }).notNull(),
  /** The faucet's deposits (userNonFundingLedgerUpdates); null on rows older than the column. */
  deposits: jsonb('deposits').$type<{ time: number; usdc: number }[]>(),
  /** The dead man's switch (scheduleCancel): when the account's open orders are canceled. */
  scheduledCancelMs: bigint('scheduled_cancel_ms', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where the accounts' blocks of order and fill ids come from (no counter row to lock). */
export const paperIdBlocks = pgSequence('paper_id_block_seq', { startWith: 1 });

/** Fills, insert-only; the newest 2,000 per account are kept (older ones are pruned). */
export const paperFills = pgTable(
  'paper_fills',
  {
    tid: bigint('tid', { mode: 'number' }).primaryKey(),
    address: text('address').notNull(),
    coin: text('coin').notNull(),
    time: bigint('time', { mode: 'number' }).notNull(),
    crossed: boolean('crossed').notNull(),
    fill: jsonb('fill').$type<FillRecord>().notNull(),
  },
  (t) => [
    index('paper_fills_address_time_idx').on(t.address, t.time, t.tid),
    index('paper_fills_coin_time_idx').on(t.coin, t.time),
  ],
);

/**
 * Funding paid (usdc < 0) or received on each position at each whole hour, insert-only;
 * pruned with the account's fills.
 */
export const paperFundings = pgTable(
  'paper_fundings',
  {
    address: text('address').notNull(),
    coin: text('coin').notNull(),
    time: bigint('time', { mode: 'number' }).notNull(),
    usdc: doublePrecision('usdc').notNull(),
    szi: doublePrecision('szi').notNull(),
    fundingRate: doublePrecision('funding_rate').notNull(),
  },
  (t) => [primaryKey({ columns: [t.address, t.time, t.coin] })],
);

/** Orders that stopped being open (order history), insert-only; 2,000 kept per account. */
export const paperOrders = pgTable(
  'paper_orders',
  {
    oid: bigint('oid', { mode: 'number' }).primaryKey(),
    address: text('address').notNull(),
    order: jsonb('order').$type<OrderRecord>().notNull(),
  },
  (t) => [index('paper_orders_address_oid_idx').on(t.address, t.oid)],
);

/** API wallets: agent address → master, name (without valid_until) and expiry. */
export const paperAgents = pgTable(
  'paper_agents',
  {
    address: text('address').primaryKey(),
    master: text('master').notNull(),
    name: text('name').notNull(),
    validUntil: bigint('valid_until', { mode: 'number' }).notNull(),
  },
  (t) => [index('paper_agents_master_idx').on(t.master)],
);

/** Each signer's highest nonces, ascending (Hyperliquid keeps 100). */
export const paperNonces = pgTable('paper_nonces', {
  signer: text('signer').primaryKey(),
  nonces: jsonb('nonces').$type<number[]>().notNull(),
});
