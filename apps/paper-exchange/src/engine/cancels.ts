import type { Account } from '../state.js';
import type { EngineContext } from './context.js';

export type CancelStatusWire = 'success' | { error: string };

function cancelWhere(
  ctx: EngineContext,
  account: Account,
  asset: number,
  coin: string | undefined,
  match: (oid: number, cloid: string | null) => boolean,
): CancelStatusWire {
  const order = account.orders.find(
    (o) => o.status === 'open' && o.coin === coin && match(o.oid, o.cloid),
  );
  if (!order)
    return { error: `Order was never placed, already canceled, or filled. asset=${asset}` };
  order.status = 'canceled';
  order.statusTimestamp = ctx.nowMs;
  return 'success';
}

/** Cancels open orders by (asset, oid); unknown or closed orders get Hyperliquid's error. */
export function cancelByOid(
  ctx: EngineContext,
  account: Account,
  cancels: { a: number; o: number }[],
  coinOf: (asset: number) => string | undefined,
): CancelStatusWire[] {
  return cancels.map(({ a, o }) => cancelWhere(ctx, account, a, coinOf(a), (oid) => oid === o));
}

/** Cancels open orders by (asset, cloid). */
export function cancelByCloid(
  ctx: EngineContext,
  account: Account,
  cancels: { asset: number; cloid: string }[],
  coinOf: (asset: number) => string | undefined,
): CancelStatusWire[] {
  return cancels.map(({ asset, cloid }) =>
    cancelWhere(ctx, account, asset, coinOf(asset), (_oid, c) => c === cloid),
  );
}
