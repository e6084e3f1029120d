import type { MarkPins } from './market/pins.js';
import type { MarketLog, PaperPricesMode, PaperPricesStatus } from './market/source.js';
import type { UpstreamClient } from './market/upstream.js';
import type { Account, Agent, FillRecord, FundingRecord, OrderRecord } from './state.js';

/**
 * The public contract of the paper exchange: what the app's server (and the standalone runner)
 * use. Everything else in this package is internal.
 */

export type { Account, Agent, FillRecord, FundingRecord, OrderRecord };

/** What one request recorded on an account besides its row: appended, never changed. */
export interface AccountChanges {
  /** New fills, oldest first. */
  fills: FillRecord[];
  /** Orders that stopped being open, in the order they did. */
  finished: OrderRecord[];
  /** Funding settled at whole hours, oldest first (within an hour, by coin). */
  fundings: FundingRecord[];
  /**
   * The store may now drop the account's history beyond the newest MAX_ITEMS_PER_QUERY fills,
   * finished orders and fundings (asked once every thousand ids and every hundred hours of
   * funding, so pruning costs little).
   */
  prune: boolean;
}

/** Which of an account's fills a query wants, and how many at most. */
export interface FillQuery {
  /** Oldest first from `startTime` (userFillsByTime), else newest first (userFills). */
  startTime?: number;
  endTime?: number;
  limit: number;
}

/** An account's funding from `startTime` to `endTime` (inclusive), oldest first, at most `limit`. */
export interface FundingQuery {
  startTime: number;
  endTime?: number;
  limit: number;
}

/** A fill with the account it belongs to (recentTrades lists paper users' trades). */
export interface AccountFill {
  address: string;
  fill: FillRecord;
}

/** Reads of committed state, without locks (what /info answers from). */
export interface PaperReads {
  account(address: string): Promise<Account | undefined>;
  /** The agent registered at `address`, expired or not. */
  agent(address: string): Promise<Agent | undefined>;
  /** The agents `master` approved, expired or not. */
  agentsOf(master: string): Promise<Agent[]>;
  fills(address: string, query: FillQuery): Promise<FillRecord[]>;
  /** Funding settled on the account's positions (see FundingQuery). */
  fundings(address: string, query: FundingQuery): Promise<FundingRecord[]>;
  /** Finished orders, newest first (by oid), at most `limit`. */
  orderHistory(address: string, limit: number): Promise<OrderRecord[]>;
  /** Taker fills on `coin` at or after `sinceMs`, every account, newest first, at most `limit`. */
  recentTakerFills(coin: string, sinceMs: number, limit: number): Promise<AccountFill[]>;
}

/**
 * One transaction of the store. Locks taken (`lock…`) are held until it ends; what it writes
 * is kept only when the transaction's work resolves. Requests on different accounts take
 * different locks, so they never wait for each other.
 */
export interface PaperTransaction {
  /** The agent registered at `address` (not locked: its master's account lock guards it). */
  agent(address: string): Promise<Agent | undefined>;
  /** The account, locked. */
  lockAccount(address: string): Promise<Account | undefined>;
  /** Stores a new account unless the address has one; false when it had. */
  insertAccount(account: Account): Promise<boolean>;
  /** Writes a locked account back, with what the request appended to its history. */
  saveAccount(account: Account, changes: AccountChanges): Promise<void>;
  /** The signer's highest nonces (ascending), locked. */
  lockNonces(signer: string): Promise<number[]>;
  saveNonces(signer: string, nonces: number[]): Promise<void>;
  /** The agents of `master` (whose account the transaction holds locked). */
  agentsOf(master: string): Promise<Agent[]>;
  /** Stores the agent; false (nothing written) when its address belongs to another master. */
  putAgent(agent: Agent): Promise<boolean>;
  deleteAgent(address: string): Promise<void>;
  /** A block number no other account has (see ID_BLOCK_SIZE). */
  newIdBlock(): Promise<number>;
}

/**
 * Where the state lives: the app's database when mounted in the server, memory when run
 * alone. Every change is made in `transaction`, so a request that fails changes nothing and an
 * acknowledged one survives a crash.
 */
export interface PaperStore {
  /** The seed of the price path: the stored one, or `initial`, stored now, on a first start. */
  seed(initial: number): Promise<number>;
  transaction<T>(work: (tx: PaperTransaction) => Promise<T>): Promise<T>;
  readonly read: PaperReads;
}

/** Where the exchange reports a request it could not complete (the server passes its logger). */
export interface PaperLog {
  error(details: { err: unknown }, message: string): void;
}

/** An HTTP answer: Hyperliquid answers 200 for exchange-level errors, 422 for a bad body. */
export interface PaperReply {
  status: number;
  body: unknown;
}

export interface PaperExchangeOptions {
  store?: PaperStore;
  /** Clock in epoch milliseconds; tests pass a fake one. */
  now?: () => number;
  /** Seed of the random walk of mid prices (same seed, same prices at the same time). */
  seed?: number;
  /** USDC credited by the faucet to a never-funded address (default 10,000). */
  faucetAmountUsd?: number;
  /** Failed requests (answered 503) are reported here; default: nowhere. */
  log?: PaperLog;
  /**
   * Pinned marks (PAPER_CONTROL); a new set by default. A test that restarts the server in
   * process hands the new one the pins of the old, as prices carry on over a real restart.
   */
  pins?: MarkPins;
  /**
   * Where the market's prices come from (PAPER_PRICES, market/source.ts): `auto` by default
   * when `url` or `upstream` is given, otherwise `synthetic` (the seeded path alone).
   */
  prices?: PaperPricesOptions;
}

export interface PaperPricesOptions {
  mode?: PaperPricesMode;
  /** Hyperliquid mainnet's API base URL (HYPERLIQUID_MAINNET_URL). */
  url?: string;
  /** Instead of HTTP to `url` (tests). */
  upstream?: UpstreamClient;
  /** Where a change of the upstream's state is logged (one line per change). */
  log?: MarketLog;
  /** Poll on timers while in use (default true); tests poll by hand (`pins.source.poll()`). */
  autoPoll?: boolean;
  /**
   * A JSON file keeping mainnet's last mids across a restart (the server's DATA_DIR), so a
   * start while mainnet is down continues from them (market/price-memory.ts).
   */
  memoryFile?: string;
}

/** The paper exchange: Hyperliquid's /info and /exchange, plus the testnet-like faucet. */
export interface PaperExchange {
  /** POST /info with the parsed JSON body. */
  info(body: unknown): Promise<PaperReply>;
  /**
   * POST /exchange with the parsed JSON body (signed action envelope). Once `signal` aborts
   * (its caller gave up waiting), a request not yet committed changes nothing and answers 503.
   */
  exchange(body: unknown, signal?: AbortSignal): Promise<PaperReply>;
  /** POST /faucet `{ user: "0x..." }`: 10,000 USDC once per never-funded address. */
  faucet(body: unknown): Promise<PaperReply>;
  /**
   * POST /control/mark `{ coin, px }` (served only with PAPER_CONTROL): pins a coin's mark at
   * `px` until `{ coin, px: null }`; 400 on a bad body. See market/pins.ts.
   */
  pinMark(body: unknown): Promise<PaperReply>;
  /** Calls `listener` after each pin or release (the app's price caches drop their mids). */
  onMarkPinned?(listener: () => void): void;
  /** Where the marks come from now (/api/health); optional for stand-ins in tests. */
  pricesStatus?(): PaperPricesStatus;
  /** Stops what runs on timers (the mids' polling). */
  close?(): void;
}
