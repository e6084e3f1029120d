import { ID_BLOCK_RESERVE, ID_BLOCK_SIZE } from './limits.js';
import type { Tif } from './signing/canonical.js';

/**
 * The paper exchange's state, one account at a time: what the store keeps as rows. Amounts are
 * numbers in USD, sizes in coin units, times in epoch milliseconds; fills are kept in their
 * wire form because they never change.
 */

export type Side = 'B' | 'A';

/** Hyperliquid's order statuses used here (a subset of NK OrderProcessingStatus). */
export type OrderStatus =
  | 'open'
  | 'filled'
  | 'canceled'
  | 'triggered'
  | 'rejected'
  | 'marginCanceled'
  | 'reduceOnlyCanceled'
  | 'siblingFilledCanceled'
  | 'liquidatedCanceled'
  | 'tickRejected'
  | 'minTradeNtlRejected'
  | 'perpMarginRejected'
  | 'reduceOnlyRejected'
  | 'badAloPxRejected'
  | 'iocCancelRejected'
  | 'scheduledCancel';

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
  /** A trigger (TP/SL) order: it waits until the mark crosses `triggerPx`. */
  trigger?: { isMarket: boolean; triggerPx: string; tpsl: 'tp' | 'sl' };
  /** When its trigger fired (a triggered limit rests as a plain limit order). */
  triggeredMs?: number;
  /** A `normalTpsl` child: its entry's oid (active once the entry fills; engine/triggers.ts). */
  entryOid?: number;
  /** A `positionTpsl` order: it closes the whole position, whatever its size. */
  positionTpsl?: boolean;
}

export interface Position {
  /** Signed size in coin units: positive long, negative short. */
  szi: number;
  /** Average entry price, USD. */
  entryPx: number;
  /**
   * Funding this position paid (positive) or received (negative), USD, since it opened and
   * since its size last changed; absent until it first pays (Hyperliquid's `cumFunding`).
   */
  funding?: { sinceOpen: number; sinceChange: number };
  /**
   * An isolated position's own margin, USD: what it holds apart from the cross account,
   * unrealised PnL excluded (engine/isolated.ts). Absent: the position is cross.
   */
  isolatedMargin?: number;
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

/**
 * Funding settled on one position at a whole hour: `usdc` = −szi · mark · fundingRate was added
 * to the account's cash (negative: paid). Never changes once recorded.
 */
export interface FundingRecord {
  coin: string;
  /** The whole hour it was charged at (epoch ms). */
  time: number;
  usdc: number;
  /** The position's signed size then. */
  szi: number;
  /** The hourly rate (fraction of notional). */
  fundingRate: number;
}

/** USDC credited to an account from outside (the faucet): Hyperliquid's `deposit` ledger update. */
export interface Deposit {
  /** Epoch ms. */
  time: number;
  usdc: number;
}

/** One funded address: everything a request on it reads and changes, in one row. */
export interface Account {
  address: string;
  /** USDC cash: deposits + realised PnL − fees + funding received − funding paid, USD. */
  usdc: number;
  positions: Record<string, Position>;
  /** Leverage per coin, cross or isolated (absent: the asset's default). */
  leverage: Record<string, number>;
  /** Coins whose margin mode is isolated (engine/isolated.ts); absent or not listed: cross. */
  isolated?: string[];
  /** Resting orders, oldest first. Finished orders go to the order history. */
  openOrders: OrderRecord[];
  /** Until when this account's resting orders and margin have been evaluated (epoch ms). */
  lastEvalMs: number;
  /** Its oids and tids are idBlock · ID_BLOCK_SIZE + nextId; block 0: none taken yet. */
  idBlock: number;
  nextId: number;
  /** Deposits, oldest first; absent on accounts stored before deposits were recorded. */
  deposits?: Deposit[];
  /**
   * The dead man's switch (`scheduleCancel`): at this time every open order is canceled
   * (engine/schedule-cancel.ts); absent when none is set.
   */
  scheduledCancelMs?: number;
}

/**
 * An account as one request works on it: the fills it made, the orders it finished and the
 * funding it settled are appended to the account's history when the account is stored.
 */
export interface Ledger {
  account: Account;
  /** New fills, oldest first. */
  fills: FillRecord[];
  /** Orders that stopped being open (filled, cancelled, rejected), in the order they did. */
  finished: OrderRecord[];
  /** Funding settled at the whole hours time passed through, oldest first. */
  fundings: FundingRecord[];
}

export interface Agent {
  address: string;
  master: string;
  /** Name without its `valid_until` suffix; "" for the unnamed agent. */
  name: string;
  validUntil: number;
}

/** An account holding `usdc` USD of cash and nothing else, evaluated up to `nowMs`. */
export function newAccount(address: string, usdc: number, nowMs: number): Account {
  return {
    address,
    usdc,
    positions: {},
    leverage: {},
    openOrders: [],
    lastEvalMs: nowMs,
    idBlock: 0,
    nextId: 0,
  };
}

export function newLedger(account: Account): Ledger {
  return { account, fills: [], finished: [], fundings: [] };
}

/** Whether the account's next request may run out of ids in its block (take a new one first). */
export function needsIdBlock(account: Account): boolean {
  return account.idBlock === 0 || account.nextId > ID_BLOCK_SIZE - ID_BLOCK_RESERVE;
}

/** Gives the account a new block of ids (from the store). */
export function useIdBlock(account: Account, block: number): void {
  account.idBlock = block;
  account.nextId = 1;
}

/** The next order or fill id of the account (unique across the exchange). */
export function takeId(account: Account): number {
  if (account.idBlock === 0 || account.nextId >= ID_BLOCK_SIZE) {
    throw new Error(`paper exchange: account ${account.address} has no id block left`);
  }
  const id = account.idBlock * ID_BLOCK_SIZE + account.nextId;
  account.nextId += 1;
  return id;
}

/** Whether time passing can change the account: it holds a position or a resting order. */
export function hasExposure(account: Account): boolean {
  return Object.keys(account.positions).length > 0 || account.openOrders.length > 0;
}

/** Records an order: a resting one stays open, any other joins the history. */
export function recordOrder(ledger: Ledger, order: OrderRecord): void {
  if (order.status === 'open') ledger.account.openOrders.push(order);
  else ledger.finished.push(order);
}

/** Closes an open order with `status` at `timeMs`: it leaves the open orders for the history. */
export function finishOrder(
  ledger: Ledger,
  order: OrderRecord,
  status: Exclude<OrderStatus, 'open'>,
  timeMs: number,
): void {
  const open = ledger.account.openOrders;
  const index = open.indexOf(order);
  // Already finished (e.g. canceled with its entry while a loop over a copy went on).
  if (index < 0) return;
  order.status = status;
  order.statusTimestamp = timeMs;
  open.splice(index, 1);
  ledger.finished.push(order);
  releaseChildren(ledger, order, timeMs);
}

/**
 * An entry of `normalTpsl` that stops being open: its children take the size it filled, or
 * are canceled with it when it filled nothing.
 */
function releaseChildren(ledger: Ledger, entry: OrderRecord, timeMs: number): void {
  const filled = entry.origSz - entry.sz;
  for (const child of [...ledger.account.openOrders]) {
    if (child.entryOid !== entry.oid || entry.status === 'filled') continue;
    if (filled > 0) child.sz = Math.min(child.sz, filled);
    else finishOrder(ledger, child, 'canceled', timeMs);
  }
}
