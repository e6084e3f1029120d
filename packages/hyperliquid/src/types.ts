/**
 * The package's shared request and answer shapes: the bottom of its import graph with errors.ts,
 * importing nothing. The interfaces (exchange-client.ts) and the modules that build or read
 * these shapes (bracket.ts, stop-order.ts, control.ts, account.ts, ...) all import them from
 * here, so no file imports another that imports it back (import-graph.test.ts).
 */

/** The networks a connection can name (DESIGN.md section 1). */
export type Network = 'mainnet' | 'testnet' | 'paper';

/** Credentials of an account: the master (wallet) address and the API wallet's private key. */
export interface AccountCredentials {
  walletAddress: `0x${string}`;
  privateKey: `0x${string}`;
}

/**
 * How an API wallet stands to the account it claims (DESIGN.md section 11): it is the wallet
 * itself (`wallet`), an agent the exchange lists for that wallet (`agent`), or neither
 * (`none`): then whoever holds it has not shown control of the account, whose fills are public.
 */
export type AccountControl = 'wallet' | 'agent' | 'none';

/** A perp asset as orders need it. */
export interface Asset {
  coin: string;
  assetId: number;
  szDecimals: number;
  /** The highest leverage the exchange allows on this asset. */
  maxLeverage: number;
}

/** A client order id: "0x" and 32 hex digits. */
export type Cloid = `0x${string}`;

/**
 * A bracket (DESIGN.md section 9): the entry, then reduce-only take-profit and stop market
 * triggers, sent as one `order` action with grouping `normalTpsl`.
 */
export interface BracketRequest {
  symbol: string;
  isLong: boolean;
  /** Position notional in USD: size = sizeUsd / entryPrice. */
  sizeUsd: number;
  entryPrice: number;
  takeProfit: number;
  stopLoss: number;
  /** A limit entry rests (Gtc) at entryPrice; a market entry is Ioc through the mid. */
  entryType: 'limit' | 'market';
  cloids: { entry: Cloid; takeProfit: Cloid; stopLoss: Cloid };
}

/** The bracket as the exchange took it: order ids (null where it did not tell one). */
export interface PlacedBracket {
  coin: string;
  assetId: number;
  /** The size sent, in units of the asset. */
  size: string;
  orders: { entry: number | null; takeProfit: number | null; stopLoss: number | null };
}

/**
 * A stop for an open position (DESIGN.md section 9, "move the stop"): a reduce-only stop
 * market trigger on the other side of the position, with its own client order id.
 */
export interface StopRequest {
  symbol: string;
  /** The side of the position it protects: a long's stop sells. */
  isLong: boolean;
  /** Units to close (the position's filled size). */
  size: number;
  triggerPx: number;
  cloid: Cloid;
}

/** An order found by its client id: Hyperliquid's status (`open`, `filled`, `canceled`, ...). */
export interface OrderByCloid {
  oid: number;
  coin: string;
  status: string;
  /** Units left to fill and first sent. */
  size: number;
  origSize: number;
}
