import type { RiskState } from '@tb/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A user's bingo boards (SPEC.md section 3). `version` guards against stale writes (409). */
export const bingoStates = pgTable('bingo_states', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pages: jsonb('pages').notNull(),
  currentPageIndex: integer('current_page_index').notNull().default(0),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tradeStatus = pgEnum('trade_status', ['OPEN', 'TARGET_HIT', 'STOPLOSS_HIT']);

/**
 * What undoes a trade's latest close by hand (issue 26): the columns the exit changed, as they
 * were stored before it, and the risk state before and after it (core RiskState, as stored).
 */
export interface ExitUndoRecord {
  /** ISO time the undo window ends. */
  until: string;
  /** Exits the trade had after the exit this undoes. */
  exitCount: number;
  trade: {
    status: 'OPEN' | 'TARGET_HIT' | 'STOPLOSS_HIT';
    exits: Array<{ price: number; quantity: number; at: string }>;
    profitLoss: string | null;
    exitPrice: string | null;
    rMultiple: string | null;
    pnlUsd: string | null;
    mfeR: string | null;
    maeR: string | null;
    /** ISO times. */
    closedAt: string | null;
    updatedAt: string;
  };
  riskBefore: RiskState;
  riskAfter: RiskState;
}

/** A recorded trade. Prices and money are numeric (exact decimals), read back as strings. */
export const trades = pgTable(
  'trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pair: text('pair').notNull(),
    isLong: boolean('is_long').notNull(),
    entryPrice: numeric('entry_price').notNull(),
    stopLoss: numeric('stop_loss').notNull(),
    takeProfit: numeric('take_profit').notNull(),
    riskRewardRatio: numeric('risk_reward_ratio').notNull(),
    /** Board score when opened: a sum of cell points, which may be fractional (0.5 + 1.25). */
    score: numeric('score', { mode: 'number' }).notNull().default(0),
    /** Risk tier (the R/R the score allowed), 1..5. */
    tier: integer('tier').notNull().default(1),
    /** Snapshot of the ticked cells when opened; null for trades recorded before snapshots. */
    cells: jsonb('cells'),
    targetManual: boolean('target_manual').notNull().default(false),
    /** Position notional at entry, USD (DESIGN.md section 7). */
    sizeUsd: numeric('size_usd').notNull(),
    /** Units of the asset: size_usd / entry_price. */
    quantity: numeric('quantity').notNull(),
    /** What the stop loses, USD. */
    riskUsd: numeric('risk_usd').notNull(),
    /** The size was estimated by the migration (trades recorded before sizes were). */
    sizeEstimated: boolean('size_estimated').notNull().default(false),
    streakAtOpen: integer('streak_at_open'),
    accountSizeAtOpen: numeric('account_size_at_open'),
    /** The board the cells were ticked on, when opened (null for trades from before). */
    boardId: text('board_id'),
    boardName: text('board_name'),
    /**
     * 'journal' (typed by the trader), 'exchange' (closed by exchange fills, verified) or
     * 'offPlan' (a round trip on the exchange no plan explains: verified fills, no plan, no R).
     */
    source: text('source', { enum: ['journal', 'exchange', 'offPlan'] })
      .notNull()
      .default('journal'),
    notes: text('notes').notNull().default(''),
    status: tradeStatus('status').notNull().default('OPEN'),
    /** SPEC's per-unit price difference; never summed across trades. */
    profitLoss: numeric('profit_loss'),
    /**
     * Exits taken by hand before the last (issue 26): `[{ price, quantity, at }]`, units of the
     * asset at dollars per unit. The close's exit price is their size-weighted mean.
     */
    exits: jsonb('exits')
      .$type<Array<{ price: number; quantity: number; at: string }>>()
      .notNull()
      .default([]),
    /** The close: exit price (weighted over the exits), R-multiple and P/L in USD; null while OPEN. */
    exitPrice: numeric('exit_price'),
    rMultiple: numeric('r_multiple'),
    pnlUsd: numeric('pnl_usd'),
    /** Fees paid on the exchange (entry and exit fills), USD; null unless closed from fills. */
    feesUsd: numeric('fees_usd'),
    /** Funding received while open (negative: paid), USD; null unless closed from fills. */
    fundingUsd: numeric('funding_usd'),
    /**
     * How far the market went for (MFE) and against (MAE) the trade over its life, in R, from
     * 1-minute candles read at close (issue 26); null when its market is unknown or unread.
     */
    mfeR: numeric('mfe_r'),
    maeR: numeric('mae_r'),
    /**
     * What undoes the last close by hand while `until` has not passed (issue 26): the trade's
     * and the risk state's values before it, and the risk state it left. Null otherwise.
     */
    undo: jsonb('undo').$type<ExitUndoRecord>(),
    /** Uploaded from the browser's journal at sign-in: self-reported, kept as it was. */
    imported: boolean('imported').notNull().default(false),
    /** Hidden by "clear history": kept for statistics, not listed. */
    hidden: boolean('hidden').notNull().default(false),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trades_user_created_idx').on(t.userId, t.createdAt),
    index('trades_status_idx').on(t.status),
    // The leaderboard reads closed trades per user (gain = sum of pnl_usd) from this index alone.
    index('trades_closed_user_idx')
      .on(t.userId, t.status, t.pnlUsd, t.riskRewardRatio)
      .where(sql`${t.status} <> 'OPEN'`),
  ],
);

/**
 * A journal trade placed on the exchange as a bracket (DESIGN.md section 9): its connection,
 * the client order ids sent and the exchange order ids read back (null where not known).
 * No foreign key to the connection: a removed connection leaves its trades' history.
 */
export const tradeOrders = pgTable(
  'trade_orders',
  {
    tradeId: uuid('trade_id')
      .primaryKey()
      .references(() => trades.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id').notNull(),
    coin: text('coin').notNull(),
    entryCloid: text('entry_cloid').notNull(),
    tpCloid: text('tp_cloid').notNull(),
    slCloid: text('sl_cloid').notNull(),
    entryOid: text('entry_oid'),
    tpOid: text('tp_oid'),
    slOid: text('sl_oid'),
    leverage: integer('leverage').notNull(),
    orderType: text('order_type', { enum: ['limit', 'market'] }).notNull(),
    /** resting: entry not filled; open: position held; closed: flat again (from fills). */
    execution: text('execution', { enum: ['resting', 'open', 'closed'] })
      .notNull()
      .default('resting'),
    /** Volume-weighted price and total size of the entry's fills; null before the first. */
    entryFillPx: numeric('entry_fill_px'),
    entryFillSz: numeric('entry_fill_sz'),
    /** The stop on the exchange when moved from the journal's (e.g. to break-even); else null. */
    stopPx: numeric('stop_px'),
    /** Order ids of exits placed from the journal (close at market) and stops replaced by a move. */
    otherExitOids: jsonb('other_exit_oids').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trade_orders_user_idx').on(t.userId),
    index('trade_orders_connection_idx').on(t.connectionId),
  ],
);

/**
 * The reconciler's place in each connection's fills (DESIGN.md section 9): fills are read from
 * `fillsFrom` (ms), and one server instance holds the lease at a time. Failures back off.
 */
export const exchangeCursors = pgTable('exchange_cursors', {
  connectionId: uuid('connection_id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  fillsFrom: bigint('fills_from', { mode: 'number' }).notNull(),
  /** The earliest time fills have been read from (the unjournaled list reads back to it once). */
  backfilledFrom: bigint('backfilled_from', { mode: 'number' }),
  /**
   * The positions at the last read of fills (`coin:side:size`, sorted) and when it was: a pass
   * reads the cheap positions first (weight 2) and the fills (weight 20+) only when they moved
   * or the last read is older than a minute.
   */
  positionSig: text('position_sig'),
  fillsReadAt: timestamp('fills_read_at', { withTimezone: true }),
  /** Funding payments have been read up to this time (epoch ms); null: none read yet. */
  fundingFrom: bigint('funding_from', { mode: 'number' }),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  failures: integer('failures').notNull().default(0),
  retryAt: timestamp('retry_at', { withTimezone: true }),
  /**
   * The fills are to be read now (not on the slow sweep): the market crossed a level of one of
   * the connection's live trades (reconciler/price-watch.ts). Cleared by the read that follows.
   */
  dueAt: timestamp('due_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every fill the reconciler has read, once per (connection, tid): a fill is applied at most
 * once. `tradeId` is the journal trade it belongs to; null for fills no trade explains
 * (unjournaled, to attach or import).
 */
export const exchangeFills = pgTable(
  'exchange_fills',
  {
    connectionId: uuid('connection_id').notNull(),
    tid: bigint('tid', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tradeId: uuid('trade_id').references(() => trades.id, { onDelete: 'set null' }),
    /** entry, takeProfit, stopLoss or close (an exit placed from the journal); null if none. */
    role: text('role', { enum: ['entry', 'takeProfit', 'stopLoss', 'close'] }),
    coin: text('coin').notNull(),
    oid: text('oid').notNull(),
    cloid: text('cloid'),
    /** 'B' buy or 'A' sell, as Hyperliquid. */
    side: text('side', { enum: ['B', 'A'] }).notNull(),
    px: numeric('px').notNull(),
    sz: numeric('sz').notNull(),
    fee: numeric('fee').notNull(),
    closedPnl: numeric('closed_pnl').notNull(),
    dir: text('dir').notNull(),
    startPosition: numeric('start_position').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    /** Dismissed from the unjournaled list by its owner. */
    dismissed: boolean('dismissed').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.tid] }),
    index('exchange_fills_trade_idx').on(t.tradeId),
    index('exchange_fills_user_time_idx').on(t.userId, t.time),
  ],
);

/** Risk management state of SPEC.md section 3, one row per user. */
export const riskStates = pgTable('risk_states', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountSize: numeric('account_size').notNull().default('10000'),
  baseTradeSize: numeric('base_trade_size').notNull().default('1000'),
  currentPercentage: numeric('current_percentage').notNull().default('10'),
  tradeStreak: integer('trade_streak').notNull().default(0),
  slTaken: integer('sl_taken').notNull().default(0),
  dailyStats: jsonb('daily_stats').notNull(),
  totalStats: jsonb('total_stats').notNull(),
  settings: jsonb('settings').notNull(),
  /** Looser limits waiting for the next trading day; null when none. */
  pendingSettings: jsonb('pending_settings'),
  /** The trading day the daily counters belong to, in the zone it began in. */
  tradingDay: jsonb('trading_day'),
  lastUpdate: timestamp('last_update', { withTimezone: true }).notNull().defaultNow(),
});

export type BingoStateRow = typeof bingoStates.$inferSelect;
export type TradeRow = typeof trades.$inferSelect;
export type TradeOrdersRow = typeof tradeOrders.$inferSelect;
/**
 * Funding the account paid (usdc < 0) or received, per coin and hour, as the exchange's
 * `userFunding` lists it: a verified trade's pnlUsd includes what fell while it was open.
 */
export const exchangeFundings = pgTable(
  'exchange_fundings',
  {
    connectionId: uuid('connection_id').notNull(),
    coin: text('coin').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usdc: numeric('usdc').notNull(),
    /** The signed position size the payment was on. */
    szi: numeric('szi').notNull(),
    fundingRate: numeric('funding_rate').notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.coin, t.time] })],
);

export type ExchangeFundingRow = typeof exchangeFundings.$inferSelect;
export type ExchangeCursorRow = typeof exchangeCursors.$inferSelect;
export type ExchangeFillRow = typeof exchangeFills.$inferSelect;
export type RiskStateRow = typeof riskStates.$inferSelect;

/**
 * A live action written before its exchange call (DESIGN.md section 11, write-ahead): what it
 * will send (the client order ids) and what to record once the exchange took it. A row that
 * outlives its request (a crash, a lost database, an exchange that did not answer) is resolved
 * by asking the exchange by cloid: adopted when it was placed, dropped when it was not.
 * `kind`: place (a new bracket; `tradeId` is the journal trade it will become), moveStop,
 * closeMarket, cancelEntry (on the journal trade `tradeId`).
 */
export const liveIntents = pgTable(
  'live_intents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['place', 'moveStop', 'closeMarket', 'cancelEntry'] }).notNull(),
    tradeId: uuid('trade_id').notNull(),
    connectionId: uuid('connection_id').notNull(),
    coin: text('coin').notNull(),
    /** The client order ids the action sends (entry, takeProfit, stopLoss; or one exit). */
    cloids: jsonb('cloids').$type<Record<string, string>>().notNull(),
    /** What to record once placed (the opened trade, its board, order type, leverage...). */
    payload: jsonb('payload').notNull(),
    /** The request's Idempotency-Key, completed with the answer when the intent is adopted. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('live_intents_user_idx').on(t.userId, t.createdAt)],
);

/**
 * `Idempotency-Key` of POST /api/trades and the live actions: the first answer to a key is
 * kept 24 h and given again to a retry. `status` null: the first request has not answered
 * (running, or it died: its intent says what happened).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The route and a hash of the body: a key reused for another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export type LiveIntentRow = typeof liveIntents.$inferSelect;
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
