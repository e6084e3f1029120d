/**
 * The public contract of the paper exchange: what the app's server (and the standalone runner)
 * use. Everything else in this package is internal.
 */

/** The whole state of the paper exchange as plain JSON (accounts, orders, fills, nonces, agents). */
export interface PaperSnapshot {
  version: 1;
  [key: string]: unknown;
}

/**
 * Where the state lives between restarts: the app's database when mounted in the server,
 * memory when run alone. `save` is awaited before a mutating request is answered, so an
 * acknowledged order survives a crash.
 */
export interface PaperStore {
  load(): Promise<PaperSnapshot | null>;
  save(snapshot: PaperSnapshot): Promise<void>;
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
}

/** The paper exchange: Hyperliquid's /info and /exchange, plus the testnet-like faucet. */
export interface PaperExchange {
  /** POST /info with the parsed JSON body. */
  info(body: unknown): Promise<PaperReply>;
  /** POST /exchange with the parsed JSON body (signed action envelope). */
  exchange(body: unknown): Promise<PaperReply>;
  /** POST /faucet `{ user: "0x..." }`: 10,000 USDC once per never-funded address. */
  faucet(body: unknown): Promise<PaperReply>;
}
