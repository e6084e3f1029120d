import { assetById, isValidPrice, isValidSize } from '../market/assets.js';
import type { PerpAsset } from '../market/assets.js';
import { formatBookPrice } from '../market/book.js';
import type { OrderWire } from '../signing/canonical.js';
import { MAX_OPEN_ORDERS } from '../limits.js';
import { finishOrder, recordOrder, takeId } from '../state.js';
import type { Account, Ledger, OrderRecord, OrderStatus, Side } from '../state.js';
import { formatDecimal, roundTo } from '../util/decimal.js';
import { bookNow, marksNow } from './context.js';
import type { EngineContext } from './context.js';
import { accountSummary, leverageFor, orderMarginIncrease } from './margin.js';
import { applyFill, TAKER_FEE_RATE, walkBook } from './matching.js';
import { cancelStaleReduceOnly, reducibleSize } from './triggers.js';
import type { Take } from './matching.js';

/** One entry of an order response's `statuses`. */
export type OrderStatusWire =
  | { resting: { oid: number; cloid?: string } }
  | { filled: { totalSz: string; avgPx: string; oid: number; cloid?: string } }
  | { error: string }
  | 'waitingForFill'
  | 'waitingForTrigger';

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
  const { available } = accountSummary(account, marksNow(ctx));
  if (required + notional * TAKER_FEE_RATE > available) {
    throw new OrderRejection('Insufficient margin to place order.', 'perpMarginRejected');
  }
}

function placeOne(
  ctx: EngineContext,
  ledger: Ledger,
  asset: PerpAsset,
  wire: OrderWire,
): OrderStatusWire {
  const { account } = ledger;
  if ('trigger' in wire.t) throw new Error('placeOne: a trigger order goes to placeTrigger');
  const tif = wire.t.limit.tif;
  const side: Side = wire.b ? 'B' : 'A';
  const px = Number(wire.p);
  const order: OrderRecord = {
    oid: takeId(account),
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
  try {
    const sz = checkRules(account, asset, wire, order.sz);
    const book = bookNow(ctx, asset);
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
    if (rest > 0 && account.openOrders.length >= MAX_OPEN_ORDERS) {
      throw new OrderRejection(
        `Too many open orders: an account may have at most ${MAX_OPEN_ORDERS}. Cancel some first.`,
        'rejected',
      );
    }
    checkMargin(ctx, account, asset, side, takes, rest, px);
    return execute(ctx, ledger, asset, order, takes, rest);
  } catch (error) {
    if (!(error instanceof OrderRejection)) throw error;
    recordOrder(ledger, { ...order, status: error.status });
    return { error: error.message };
  }
}

function execute(
  ctx: EngineContext,
  ledger: Ledger,
  asset: PerpAsset,
  order: OrderRecord,
  takes: Take[],
  rest: number,
): OrderStatusWire {
  let filled = 0;
  let notional = 0;
  for (const take of takes) {
    applyFill(ledger, {
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
    recordOrder(ledger, { ...order, sz: rest });
    return { resting: withCloid({ oid: order.oid }, order.cloid) };
  }
  recordOrder(ledger, { ...order, sz: 0, status: filled > 0 ? 'filled' : 'canceled' });
  const totalSz = formatDecimal(filled, asset.szDecimals);
  const avgPx = formatDecimal(Number((notional / filled).toPrecision(10)), 8);
  return { filled: withCloid({ totalSz, avgPx, oid: order.oid }, order.cloid) };
}

/** Where a trigger order belongs: alone, under a normalTpsl entry, or on the position. */
type TriggerGroup =
  | { kind: 'na' }
  | { kind: 'normalTpsl'; entry: OrderRecord | undefined }
  | { kind: 'positionTpsl' };

function placeTrigger(
  ctx: EngineContext,
  ledger: Ledger,
  asset: PerpAsset,
  wire: OrderWire,
  group: TriggerGroup,
): OrderStatusWire {
  const { account } = ledger;
  if (!('trigger' in wire.t)) throw new Error('placeTrigger: not a trigger order');
  const trigger = wire.t.trigger;
  const positionTpsl = group.kind === 'positionTpsl';
  const order: OrderRecord = {
    oid: takeId(account),
    coin: asset.name,
    side: wire.b ? 'B' : 'A',
    limitPx: wire.p,
    sz: Number(wire.s),
    origSz: Number(wire.s),
    timestamp: ctx.nowMs,
    tif: 'Gtc',
    reduceOnly: wire.r || positionTpsl,
    cloid: wire.c ?? null,
    status: 'open',
    statusTimestamp: ctx.nowMs,
    trigger: { isMarket: trigger.isMarket, triggerPx: trigger.triggerPx, tpsl: trigger.tpsl },
    ...(positionTpsl ? { positionTpsl: true } : {}),
  };
  try {
    if (group.kind === 'normalTpsl') {
      if (!group.entry) {
        throw new OrderRejection('Order rejected: its entry order was rejected.', 'rejected');
      }
      order.entryOid = group.entry.oid;
    }
    if (!isValidPrice(asset, wire.p) || !isValidPrice(asset, trigger.triggerPx)) {
      throw new OrderRejection('Price must be divisible by tick size.', 'tickRejected');
    }
    const sizeOk = isValidSize(asset, wire.s) && (order.sz > 0 || positionTpsl);
    if (!sizeOk) throw new OrderRejection('Order has invalid size.', 'rejected');
    const waits = group.kind === 'normalTpsl';
    if (order.reduceOnly && !waits && reducibleSize(account, order, order.sz || 1) <= 0) {
      throw new OrderRejection('Reduce only order would increase position.', 'reduceOnlyRejected');
    }
    if (!order.reduceOnly && order.sz * Number(trigger.triggerPx) < MIN_ORDER_USD) {
      throw new OrderRejection('Order must have minimum value of $10.', 'minTradeNtlRejected');
    }
    if (account.openOrders.length >= MAX_OPEN_ORDERS) {
      throw new OrderRejection(
        `Too many open orders: an account may have at most ${MAX_OPEN_ORDERS}. Cancel some first.`,
        'rejected',
      );
    }
  } catch (error) {
    if (!(error instanceof OrderRejection)) throw error;
    recordOrder(ledger, { ...order, status: error.status });
    return { error: error.message };
  }
  if (positionTpsl) {
    // One position TP and one position SL per coin: a new one replaces the old.
    const old = account.openOrders.filter(
      (o) => o.positionTpsl && o.coin === order.coin && o.trigger?.tpsl === trigger.tpsl,
    );
    for (const o of old) finishOrder(ledger, o, 'canceled', ctx.nowMs);
  }
  recordOrder(ledger, order);
  if (group.kind === 'na') return { resting: withCloid({ oid: order.oid }, order.cloid) };
  const entry = group.kind === 'normalTpsl' ? group.entry : undefined;
  const entryWaits = entry !== undefined && entry.status === 'open' && entry.sz === entry.origSz;
  return entryWaits ? 'waitingForFill' : 'waitingForTrigger';
}

/**
 * Places an `order` action's orders in sequence for the ledger's account. Marketable orders
 * fill against the synthetic book as taker; the rest of a Gtc/Alo order rests; trigger orders
 * rest untriggered (engine/triggers.ts). With `normalTpsl`, the first order is the entry and
 * the trigger orders after it are its TP/SL children; with `positionTpsl`, trigger orders
 * close the whole position. Per-order errors carry Hyperliquid's text with ` asset=N`.
 */
export function placeOrders(
  ctx: EngineContext,
  ledger: Ledger,
  orders: OrderWire[],
  grouping: 'na' | 'normalTpsl' | 'positionTpsl' = 'na',
): OrderStatusWire[] {
  let entry: OrderRecord | undefined;
  const statuses = orders.map((wire, index): OrderStatusWire => {
    const asset = assetById(wire.a);
    if (!asset) return { error: `Asset ${wire.a} does not exist. asset=${wire.a}` };
    let status: OrderStatusWire;
    if (!('trigger' in wire.t)) {
      status = placeOne(ctx, ledger, asset, wire);
      if (grouping === 'normalTpsl' && index === 0 && typeof status === 'object') {
        const oid =
          'resting' in status ? status.resting.oid : 'filled' in status ? status.filled.oid : 0;
        entry = [...ledger.account.openOrders, ...ledger.finished].find((o) => o.oid === oid);
      }
    } else if (grouping === 'normalTpsl' && index > 0) {
      status = placeTrigger(ctx, ledger, asset, wire, { kind: 'normalTpsl', entry });
    } else {
      const kind = grouping === 'positionTpsl' ? 'positionTpsl' : 'na';
      status = placeTrigger(ctx, ledger, asset, wire, { kind });
    }
    return typeof status === 'object' && 'error' in status
      ? { error: `${status.error} asset=${wire.a}` }
      : status;
  });
  cancelStaleReduceOnly(ledger, ctx.nowMs);
  return statuses;
}
