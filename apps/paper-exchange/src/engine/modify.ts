import { assetById } from '../market/assets.js';
import type { ModifyWire } from '../signing/canonical-more.js';
import { finishOrder } from '../state.js';
import type { Ledger, OrderRecord } from '../state.js';
import type { EngineContext } from './context.js';
import { placeOrders } from './orders.js';
import type { OrderStatusWire } from './orders.js';

/**
 * Order edits (`modify`, `batchModify`) as Hyperliquid makes them: the open order is canceled
 * and the new one placed in its place with a new oid, under the same rules as any order (it
 * may fill at once, rest, or be refused). The edit keeps the order's cloid unless it names
 * another, and a position TP/SL stays one. An order that is no longer open (filled, canceled,
 * never placed) cannot be modified; with "always place" (`a: true`) the new order is placed
 * anyway.
 */

export const CANNOT_MODIFY = 'Cannot modify canceled or filled order';

function findOpen(ledger: Ledger, ref: ModifyWire['oid']): OrderRecord | undefined {
  return ledger.account.openOrders.find((order) =>
    typeof ref === 'number' ? order.oid === ref : order.cloid === ref,
  );
}

/** Edits one order; the status is the new order's, as an `order` action answers it. */
function modifyOne(
  ctx: EngineContext,
  ledger: Ledger,
  modify: ModifyWire,
  alwaysPlace: boolean,
): OrderStatusWire {
  const target = findOpen(ledger, modify.oid);
  if (!target) {
    if (!alwaysPlace) return { error: CANNOT_MODIFY };
    return placeOrders(ctx, ledger, [modify.order])[0] ?? { error: CANNOT_MODIFY };
  }
  const wire = modify.order;
  const asset = assetById(wire.a);
  if (asset && asset.name !== target.coin) {
    return { error: `Cannot modify an order into another asset. asset=${wire.a}` };
  }
  finishOrder(ledger, target, 'canceled', ctx.nowMs);
  const cloid = wire.c ?? target.cloid;
  const replacement = cloid ? { ...wire, c: cloid } : wire;
  const [status] = placeOrders(
    ctx,
    ledger,
    [replacement],
    target.positionTpsl ? 'positionTpsl' : 'na',
  );
  return status ?? { error: CANNOT_MODIFY };
}

/** Edits the orders in sequence (a `batchModify`); one status per edit. */
export function modifyOrders(
  ctx: EngineContext,
  ledger: Ledger,
  modifies: ModifyWire[],
  alwaysPlace = false,
): OrderStatusWire[] {
  return modifies.map((modify) => modifyOne(ctx, ledger, modify, alwaysPlace));
}
