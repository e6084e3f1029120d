import { assetById, isValidPrice, isValidSize } from '../market/assets.js';
import type { PerpAsset } from '../market/assets.js';
import { bookAt, formatBookPrice } from '../market/book.js';
import { marksAt } from '../market/marks.js';
import type { OrderWire } from '../signing/canonical.js';
import type { Account, OrderRecord, OrderStatus, Side } from '../state.js';
import { formatDecimal, roundTo } from '../util/decimal.js';
import type { EngineContext } from './context.js';
import { MAX_ORDER_HISTORY } from './context.js';
import { accountSummary, leverageFor, orderMarginIncrease } from './margin.js';
import { applyFill, TAKER_FEE_RATE, walkBook } from './matching.js';
import type { Take } from './matching.js';

/** One entry of an order response's `statuses`. */
export type OrderStatusWire =
  | { resting: { oid: number; cloid?: string } }
  | { filled: { totalSz: string; avgPx: string; oid: number; cloid?: string } }
  | { error: string };

/** Minimum order value, USD. */
const MIN_ORDER_USD = 10;

class OrderRejection extends Error {
  constructor(
    message: string,
    readonly status: OrderStatus,
  ) {
    super(message);
  }
}

/** Records an order in the account's history, dropping the oldest closed ones past the cap. */
export function recordOrder(account: Account, order: OrderRecord): void {
  account.orders.push(order);
  const closed = account.orders.filter((o) => o.status !== 'open').length;
  if (closed > MAX_ORDER_HISTORY) {
    const first = account.orders.findIndex((o) => o.status !== 'open');
    account.orders.splice(first, 1);
  }
}

function withCloid<T extends object>(body: T, cloid: string | null): T & { cloid?: string } {
  return cloid ? { ...body, cloid } : body;
}

/** Rule checks before matching; throws OrderRejection with Hyperliquid's text. */
function checkRules(account: Account, asset: PerpAsset, wire: OrderWire, size: number): number {
  if (!isValidPrice(asset, wire.p)) {
    throw new OrderRejection('Price must be divisible by tick size.', 'tickRejected');
  }
  if (!isValidSize(asset, wire.s) || size <= 0)
    throw new OrderRejection('Order has invalid size.', 'rejected');
  let sz = size;
  if (wire.r) {
    const szi = account.positions[asset.name]?.szi ?? 0;
    const reduces = wire.b ? szi < 0 : szi > 0;
    if (!reduces) {
      throw new OrderRejection('Reduce only order would increase position.', 'reduceOnlyRejected');
    }
    sz = Math.min(sz, Math.abs(szi));
  } else if (sz * Number(wire.p) < MIN_ORDER_USD) {
    throw new OrderRejection('Order must have minimum value of $10.', 'minTradeNtlRejected');
  }
  return sz;
}

function checkMargin(
  ctx: EngineContext,
  account: Account,
  asset: PerpAsset,
  side: Side,
  takes: Take[],
  rest: number,
  px: number,
): void {
  const sign = side === 'B' ? 1 : -1;
  const filled = takes.reduce((sum, t) => sum + t.sz, 0);
  const notional = takes.reduce((sum, t) => sum + t.sz * t.px, 0);
  const avgPx = filled > 0 ? notional / filled : px;
  const takerIncrease = orderMarginIncrease(account, asset.name, sign * filled, avgPx);
  // The resting remainder is judged against the position after the taker part.
  const szi = account.positions[asset.name]?.szi ?? 0;
  const after = szi + sign * filled;
  const restGrowth = Math.max(0, Math.abs(after + sign * rest) - Math.abs(after));
  const restIncrease = (restGrowth * px) / leverageFor(account, asset.name);
  const required = takerIncrease + restIncrease;
  if (required <= 0) return;
  const { available } = accountSummary(account, marksAt(ctx.state.seed, ctx.nowMs));
  if (required + notional * TAKER_FEE_RATE > available) {
    throw new OrderRejection('Insufficient margin to place order.', 'perpMarginRejected');
  }
}

function placeOne(
  ctx: EngineContext,
  account: Account,
  asset: PerpAsset,
  wire: OrderWire,
): OrderStatusWire {
  if ('trigger' in wire.t) {
    throw new OrderRejection('Trigger orders are not supported by the paper exchange.', 'rejected');
  }
  const tif = wire.t.limit.tif;
  const side: Side = wire.b ? 'B' : 'A';
  const px = Number(wire.p);
  const order: OrderRecord = {
    oid: ctx.state.nextOid,
    coin: asset.name,
    side,
    limitPx: wire.p,
    sz: Number(wire.s),
    origSz: Number(wire.s),
    timestamp: ctx.nowMs,
    tif,
    reduceOnly: wire.r,
    cloid: wire.c ?? null,
    status: 'open',
    statusTimestamp: ctx.nowMs,
  };
  ctx.state.nextOid += 1;
  try {
    const sz = checkRules(account, asset, wire, order.sz);
    const book = bookAt(ctx.state.seed, asset, ctx.nowMs);
    const bid = book.bids[0]?.px ?? 0;
    const ask = book.asks[0]?.px ?? Infinity;
    if (tif === 'Alo' && (side === 'B' ? px >= ask : px <= bid)) {
      const bbo = `${formatBookPrice(book, bid)}@${formatBookPrice(book, ask)}`;
      throw new OrderRejection(
        `Post only order would have immediately matched, bbo was ${bbo}.`,
        'badAloPxRejected',
      );
    }
    const takes = tif === 'Alo' ? [] : walkBook(book, side, px, sz, asset.szDecimals);
    const filled = roundTo(
      takes.reduce((sum, t) => sum + t.sz, 0),
      asset.szDecimals,
    );
    const rests = tif === 'Gtc' || tif === 'Alo';
    if (!rests && filled === 0) {
      throw new OrderRejection(
        'Order could not immediately match against any resting orders.',
        'iocCancelRejected',
      );
    }
    const rest = rests ? roundTo(sz - filled, asset.szDecimals) : 0;
    checkMargin(ctx, account, asset, side, takes, rest, px);
    return execute(ctx, account, asset, order, takes, rest);
  } catch (error) {
    if (!(error instanceof OrderRejection)) throw error;
    recordOrder(account, { ...order, status: error.status });
    return { error: error.message };
  }
}

function execute(
  ctx: EngineContext,
  account: Account,
  asset: PerpAsset,
  order: OrderRecord,
  takes: Take[],
  rest: number,
): OrderStatusWire {
  let filled = 0;
  let notional = 0;
  for (const take of takes) {
    applyFill(ctx.state, account, {
      asset,
      side: order.side,
      px: take.px,
      sz: take.sz,
      timeMs: ctx.nowMs,
      oid: order.oid,
      cloid: order.cloid,
      crossed: true,
    });
    filled += take.sz;
    notional += take.sz * take.px;
  }
  filled = roundTo(filled, asset.szDecimals);
  if (rest > 0) {
    recordOrder(account, { ...order, sz: rest });
    return { resting: withCloid({ oid: order.oid }, order.cloid) };
  }
  recordOrder(account, { ...order, sz: 0, status: filled > 0 ? 'filled' : 'canceled' });
  const totalSz = formatDecimal(filled, asset.szDecimals);
  const avgPx = formatDecimal(Number((notional / filled).toPrecision(10)), 8);
  return { filled: withCloid({ totalSz, avgPx, oid: order.oid }, order.cloid) };
}

/**
 * Places an `order` action's orders in sequence for `account`. Marketable orders fill against
 * the synthetic book as taker; the rest of a Gtc/Alo order rests. Per-order errors carry
 * Hyperliquid's text with ` asset=N` appended.
 */
export function placeOrders(
  ctx: EngineContext,
  account: Account,
  orders: OrderWire[],
): OrderStatusWire[] {
  return orders.map((wire) => {
    const asset = assetById(wire.a);
    if (!asset) return { error: `Asset ${wire.a} does not exist. asset=${wire.a}` };
    const status = placeOne(ctx, account, asset, wire);
    return 'error' in status ? { error: `${status.error} asset=${wire.a}` } : status;
  });
}
