import { finishOrder } from '../state.js';
import type { Ledger, OrderRecord } from '../state.js';
import type { EngineContext } from './context.js';

export type CancelStatusWire = 'success' | { error: string };

function cancelWhere(
  ctx: EngineContext,
  ledger: Ledger,
  asset: number,
  coin: string | undefined,
  match: (order: OrderRecord) => boolean,
): CancelStatusWire {
  const order = ledger.account.openOrders.find((o) => o.coin === coin && match(o));
  if (!order)
    return { error: `Order was never placed, already canceled, or filled. asset=${asset}` };
  finishOrder(ledger, order, 'canceled', ctx.nowMs);
  return 'success';
}

/** Cancels open orders by (asset, oid); unknown or closed orders get Hyperliquid's error. */
export function cancelByOid(
  ctx: EngineContext,
  ledger: Ledger,
  cancels: { a: number; o: number }[],
  coinOf: (asset: number) => string | undefined,
): CancelStatusWire[] {
  return cancels.map(({ a, o }) => cancelWhere(ctx, ledger, a, coinOf(a), (x) => x.oid === o));
}

/** Cancels open orders by (asset, cloid). */
export function cancelByCloid(
  ctx: EngineContext,
  ledger: Ledger,
  cancels: { asset: number; cloid: string }[],
  coinOf: (asset: number) => string | undefined,
): CancelStatusWire[] {
  return cancels.map(({ asset, cloid }) =>
    cancelWhere(ctx, ledger, asset, coinOf(asset), (x) => x.cloid === cloid),
  );
}
