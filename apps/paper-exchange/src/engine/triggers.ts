import { assetIdByName, PERP_ASSETS } from '../market/assets.js';
import type { PerpAsset } from '../market/assets.js';
import { bookAt } from '../market/book.js';
import type { MarkPins } from '../market/pins.js';
import { finishOrder } from '../state.js';
import type { Account, Ledger, OrderRecord, OrderStatus } from '../state.js';
import { roundTo } from '../util/decimal.js';
import { applyFill, walkBook } from './matching.js';

/**
 * Trigger (TP/SL) orders and their groups, as Hyperliquid runs them:
 * - A trigger order rests untriggered until the mark crosses its `triggerPx`. By side: a sell
 *   TP (closing a long) fires at mark ≥ triggerPx, a sell SL at mark ≤ triggerPx; a buy TP
 *   (closing a short) at mark ≤ triggerPx, a buy SL at mark ≥ triggerPx.
 * - Fired, a market trigger takes the book as taker down to mark × (1 ∓ 10%) (Hyperliquid's
 *   slippage for triggered market orders); a limit trigger takes the book up to its limit
 *   price and rests the rest as a plain limit order (status `triggered` while it rests).
 * - `normalTpsl`: the children (TP/SL after the entry) are active once the entry has filled,
 *   sized to the entry's filled size while it fills; an entry canceled before any fill takes
 *   its children with it (state.ts). A fill of a child cancels its open siblings
 *   (`siblingFilledCanceled`).
 * - `positionTpsl`: the order closes the whole position at the time it fires.
 * - Reduce-only: never increases or flips a position; an active reduce-only order left with
 *   nothing to reduce is canceled (`reduceOnlyCanceled`).
 */

/** Slippage of a triggered market order (Hyperliquid: 10%). */
export const TRIGGER_MARKET_SLIPPAGE = 0.1;

export function assetOf(coin: string): PerpAsset {
  const asset = PERP_ASSETS[assetIdByName(coin)];
  if (!asset) throw new Error(`unknown coin ${coin}`);
  return asset;
}

/** Whether the trigger fires when the mark is at or above its price (else at or below). */
export function triggersAbove(order: Pick<OrderRecord, 'side' | 'trigger'>): boolean {
  return (order.side === 'A') === (order.trigger?.tpsl === 'tp');
}

/** The normalTpsl entry of `order`, while it is open. */
function openParent(account: Account, order: OrderRecord): OrderRecord | undefined {
  if (order.entryOid === undefined) return undefined;
  return account.openOrders.find((o) => o.oid === order.entryOid);
}

/**
 * The size an order may fill now, or 0 while it waits: a normalTpsl child waits for its entry
 * to fill and is capped by the entry's filled size.
 */
export function activeSize(account: Account, order: OrderRecord): number {
  const parent = openParent(account, order);
  if (!parent) return order.sz;
  return Math.min(order.sz, parent.origSz - parent.sz);
}

/** Whether the order is waiting for its normalTpsl entry to fill. */
export function waitsForEntry(account: Account, order: OrderRecord): boolean {
  return activeSize(account, order) <= 0 && openParent(account, order) !== undefined;
}

/** The size a reduce-only order may take: what reduces the position (0: nothing). */
export function reducibleSize(account: Account, order: OrderRecord, sz: number): number {
  const szi = account.positions[order.coin]?.szi ?? 0;
  const reduces = order.side === 'B' ? szi < 0 : szi > 0;
  if (!reduces) return 0;
  return order.positionTpsl ? Math.abs(szi) : Math.min(sz, Math.abs(szi));
}

/** After a fill of a grouped order: its open siblings are canceled. */
export function cancelSiblings(ledger: Ledger, order: OrderRecord, timeMs: number): void {
  const { account } = ledger;
  for (const other of [...account.openOrders]) {
    if (other === order || !other.trigger || other.coin !== order.coin) continue;
    const sameEntry = order.entryOid !== undefined && other.entryOid === order.entryOid;
    const sameGroup = order.positionTpsl === true && other.positionTpsl === true;
    if (sameEntry || sameGroup) finishOrder(ledger, other, 'siblingFilledCanceled', timeMs);
  }
}

/** Cancels active reduce-only orders that have nothing left to reduce. */
export function cancelStaleReduceOnly(ledger: Ledger, timeMs: number): boolean {
  const { account } = ledger;
  let changed = false;
  for (const order of [...account.openOrders]) {
    if (!order.reduceOnly || waitsForEntry(account, order)) continue;
    if (reducibleSize(account, order, order.sz || 1) > 0) continue;
    finishOrder(ledger, order, 'reduceOnlyCanceled', timeMs);
    changed = true;
  }
  return changed;
}

function finish(
  ledger: Ledger,
  order: OrderRecord,
  status: Exclude<OrderStatus, 'open'>,
  t: number,
) {
  finishOrder(ledger, order, status, t);
}

/**
 * Fires `order` if the mark crossed its trigger at `timeMs`. Returns true when it fired.
 */
export function evaluateTrigger(
  ledger: Ledger,
  order: OrderRecord,
  mark: number,
  price: { seed: number; pins?: MarkPins },
  timeMs: number,
): boolean {
  const { account } = ledger;
  const trigger = order.trigger;
  if (!trigger || order.triggeredMs !== undefined || !Number.isFinite(mark)) return false;
  let sz = activeSize(account, order);
  if (sz <= 0 && !order.positionTpsl) return false;
  const px = Number(trigger.triggerPx);
  if (!(triggersAbove(order) ? mark >= px : mark <= px)) return false;
  order.triggeredMs = timeMs;
  order.statusTimestamp = timeMs;
  if (order.reduceOnly || order.positionTpsl) {
    sz = reducibleSize(account, order, sz);
    if (sz <= 0) {
      finish(ledger, order, 'reduceOnlyCanceled', timeMs);
      return true;
    }
  }
  const asset = assetOf(order.coin);
  const limit = trigger.isMarket
    ? mark * (order.side === 'B' ? 1 + TRIGGER_MARKET_SLIPPAGE : 1 - TRIGGER_MARKET_SLIPPAGE)
    : Number(order.limitPx);
  const book = bookAt(price.seed, asset, timeMs, price.pins);
  const takes = walkBook(book, order.side, limit, sz, asset.szDecimals);
  let filled = 0;
  for (const take of takes) {
    applyFill(ledger, {
      asset,
      side: order.side,
      px: take.px,
      sz: take.sz,
      timeMs,
      oid: order.oid,
      cloid: order.cloid,
      crossed: true,
    });
    filled += take.sz;
  }
  filled = roundTo(filled, asset.szDecimals);
  if (filled > 0) cancelSiblings(ledger, order, timeMs);
  const left = roundTo(sz - filled, asset.szDecimals);
  if (trigger.isMarket || left <= 0) {
    order.sz = 0;
    finish(ledger, order, filled > 0 ? 'filled' : 'canceled', timeMs);
    return true;
  }
  // A triggered limit order rests for what is left, as a plain limit order.
  order.sz = left;
  return true;
}
