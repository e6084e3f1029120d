import type { Tif } from './signing/canonical.js';
import type { PaperSnapshot } from './types.js';

/**
 * The whole paper exchange as one JSON-serialisable object: this is what the store saves.
 * Amounts are numbers in USD, sizes in coin units, times in epoch milliseconds; fills are kept
 * in their wire form because they never change.
 */

export type Side = 'B' | 'A';

/** Hyperliquid's order statuses used here (a subset of NK OrderProcessingStatus). */
export type OrderStatus =
  | 'open'
  | 'filled'
  | 'canceled'
  | 'rejected'
  | 'marginCanceled'
  | 'reduceOnlyCanceled'
  | 'liquidatedCanceled'
  | 'tickRejected'
  | 'minTradeNtlRejected'
  | 'perpMarginRejected'
  | 'reduceOnlyRejected'
  | 'badAloPxRejected'
  | 'iocCancelRejected';

export interface OrderRecord {
  oid: number;
  coin: string;
  side: Side;
  /** Canonical price string as received. */
  limitPx: string;
  /** Remaining size in coin units. */
  sz: number;
  origSz: number;
  timestamp: number;
  tif: Tif;
  reduceOnly: boolean;
  cloid: string | null;
  status: OrderStatus;
  statusTimestamp: number;
}

export interface Position {
  /** Signed size in coin units: positive long, negative short. */
  szi: number;
  /** Average entry price, USD. */
  entryPx: number;
}

export interface FillRecord {
  coin: string;
  px: string;
  sz: string;
  side: Side;
  time: number;
  startPosition: string;
  dir: string;
  closedPnl: string;
  hash: `0x${string}`;
  oid: number;
  crossed: boolean;
  fee: string;
  feeToken: 'USDC';
  tid: number;
  twapId: null;
  cloid?: string;
  liquidation?: { liquidatedUser: string; markPx: string; method: 'market' };
}

export interface Account {
  address: string;
  /** USDC cash: deposits + realised PnL − fees, USD. */
  usdc: number;
  positions: Record<string, Position>;
  /** Cross leverage per coin (absent: the asset's default). */
  leverage: Record<string, number>;
  /** Open orders and order history, oldest first. */
  orders: OrderRecord[];
  /** Fills, oldest first. */
  fills: FillRecord[];
}

export interface Agent {
  address: string;
  master: string;
  /** Name without its `valid_until` suffix; "" for the unnamed agent. */
  name: string;
  validUntil: number;
}

export interface PaperState extends PaperSnapshot {
  version: 1;
  seed: number;
  nextOid: number;
  nextTid: number;
  /** Until when resting orders and liquidations have been evaluated (epoch ms). */
  lastEvalMs: number;
  accounts: Record<string, Account>;
  agents: Record<string, Agent>;
  /** The highest nonces used by each signer, ascending. */
  nonces: Record<string, number[]>;
}

/** A new exchange with no accounts; time starts at `nowMs` (epoch ms). */
export function emptyState(seed: number, nowMs: number): PaperState {
  return {
    version: 1,
    seed,
    nextOid: 1,
    nextTid: 1,
    lastEvalMs: nowMs,
    accounts: {},
    agents: {},
    nonces: {},
  };
}

/** Accepts a saved snapshot when it looks like this version's state. */
export function restoreState(snapshot: PaperSnapshot): PaperState {
  const s = snapshot as Partial<PaperState>;
  const ok =
    s.version === 1 &&
    typeof s.seed === 'number' &&
    typeof s.nextOid === 'number' &&
    typeof s.accounts === 'object' &&
    typeof s.agents === 'object' &&
    typeof s.nonces === 'object';
  if (!ok) throw new Error('paper exchange: the stored snapshot is not a version 1 state');
  return snapshot as PaperState;
}

/** The account of `address`, if it was ever funded. */
export function findAccount(state: PaperState, address: string): Account | undefined {
  return state.accounts[address.toLowerCase()];
}

/** An account holding `usdc` USD of cash and nothing else. */
export function newAccount(address: string, usdc: number): Account {
  return { address, usdc, positions: {}, leverage: {}, orders: [], fills: [] };
}
