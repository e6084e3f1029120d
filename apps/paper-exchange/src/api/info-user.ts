import { PERP_ASSETS, assetIdByName, priceDecimals } from '../market/assets.js';
import { marksAt } from '../market/marks.js';
import {
  accountSummary,
  leverageFor,
  liquidationPrice,
  positionMetrics,
} from '../engine/margin.js';
import type { MarginTotals } from '../engine/margin.js';
import { triggersAbove, waitsForEntry } from '../engine/triggers.js';
import { MAX_ITEMS_PER_QUERY } from '../limits.js';
import { newAccount } from '../state.js';
import type { Account, OrderRecord, Position } from '../state.js';
import { formatDecimal, formatUsd } from '../util/decimal.js';
import { readAddress, readOptionalUint, readUint } from '../util/read.js';
import type { Json } from '../util/read.js';
import { accountNow } from './accounts.js';
import type { ExchangeDeps } from './context.js';

/** Per-user /info answers. An address that was never funded (e.g. an agent) reads as empty. */

function szDecimalsOf(coin: string): number {
  return PERP_ASSETS[assetIdByName(coin)]?.szDecimals ?? 0;
}

function formatSz(coin: string, sz: number): string {
  return formatDecimal(sz, szDecimalsOf(coin));
}

/**
 * Funding the position paid (positive) or received, as Hyperliquid's `cumFunding`. The paper
 * exchange keeps it per position, so `allTime` is what this position paid since it opened.
 */
function cumFunding(position: Position) {
  const sinceOpen = formatUsd(position.funding?.sinceOpen ?? 0);
  return {
    allTime: sinceOpen,
    sinceOpen,
    sinceChange: formatUsd(position.funding?.sinceChange ?? 0),
  };
}

function marginTotals(totals: MarginTotals) {
  return {
    accountValue: formatUsd(totals.accountValue),
    totalNtlPos: formatUsd(totals.totalNtlPos),
    totalRawUsd: formatUsd(totals.totalRawUsd),
    totalMarginUsed: formatUsd(totals.totalMarginUsed),
  };
}

/**
 * Hyperliquid's leverage of a position: `{type: "cross", value}`, or for an isolated one
 * `{type: "isolated", value, rawUsd}` where rawUsd = margin − szi · entryPx, so that its
 * equity (marginUsed) is rawUsd + szi · mark.
 */
function leverageOf(account: Account, coin: string, position: Position) {
  const value = leverageFor(account, coin);
  if (position.isolatedMargin === undefined) return { type: 'cross' as const, value };
  const rawUsd = position.isolatedMargin - position.szi * position.entryPx;
  return { type: 'isolated' as const, value, rawUsd: formatUsd(rawUsd) };
}

function clearinghouseState(account: Account, marks: Record<string, number>, nowMs: number) {
  const summary = accountSummary(account, marks);
  const assetPositions = Object.entries(account.positions).map(([coin, position]) => {
    const asset = PERP_ASSETS[assetIdByName(coin)];
    const mark = marks[coin] ?? position.entryPx;
    const m = positionMetrics(account, coin, mark);
    const liq = liquidationPrice(account, coin, marks);
    const pxDecimals = priceDecimals(asset ?? PERP_ASSETS[0]!, position.entryPx) + 2;
    return {
      type: 'oneWay' as const,
      position: {
        coin,
        szi: formatSz(coin, position.szi),
        leverage: leverageOf(account, coin, position),
        entryPx: formatDecimal(position.entryPx, pxDecimals),
        positionValue: formatUsd(m.positionValue),
        unrealizedPnl: formatUsd(m.unrealizedPnl),
        returnOnEquity: formatDecimal(m.returnOnEquity, 8),
        liquidationPx: liq === null ? null : formatDecimal(liq, pxDecimals),
        marginUsed: formatUsd(m.marginUsed),
        maxLeverage: asset?.maxLeverage ?? 1,
        cumFunding: cumFunding(position),
      },
    };
  });
  return {
    marginSummary: marginTotals(summary),
    crossMarginSummary: marginTotals(summary.cross),
    crossMaintenanceMarginUsed: formatUsd(summary.maintenance),
    withdrawable: formatUsd(Math.max(0, summary.available)),
    assetPositions,
    time: nowMs,
  };
}

function openOrder(order: OrderRecord) {
  return {
    coin: order.coin,
    side: order.side,
    limitPx: order.limitPx,
    sz: formatSz(order.coin, order.sz),
    oid: order.oid,
    timestamp: order.timestamp,
    origSz: formatSz(order.coin, order.origSz),
    ...(order.cloid ? { cloid: order.cloid } : {}),
    ...(order.reduceOnly ? { reduceOnly: true as const } : {}),
  };
}

function orderType(order: OrderRecord) {
  const trigger = order.trigger;
  if (!trigger) return 'Limit' as const;
  if (trigger.tpsl === 'tp') return trigger.isMarket ? 'Take Profit Market' : 'Take Profit Limit';
  return trigger.isMarket ? 'Stop Market' : 'Stop Limit';
}

function triggerCondition(order: OrderRecord): string {
  if (!order.trigger) return 'N/A';
  if (order.triggeredMs !== undefined) return 'Triggered';
  return `Price ${triggersAbove(order) ? 'above' : 'below'} ${order.trigger.triggerPx}`;
}

/** Hyperliquid's status of an order: a fired trigger resting as a limit is `triggered`. */
function statusOf(order: OrderRecord) {
  return order.status === 'open' && order.triggeredMs !== undefined ? 'triggered' : order.status;
}

function frontendOrder(order: OrderRecord, children: OrderRecord[] = []): FrontendOrder {
  return {
    coin: order.coin,
    side: order.side,
    limitPx: order.limitPx,
    sz: formatSz(order.coin, order.sz),
    oid: order.oid,
    timestamp: order.timestamp,
    triggerCondition: triggerCondition(order),
    isTrigger: order.trigger !== undefined,
    triggerPx: order.trigger?.triggerPx ?? '0.0',
    children: children.map((child) => frontendOrder(child)),
    isPositionTpsl: order.positionTpsl === true,
    reduceOnly: order.reduceOnly,
    orderType: orderType(order),
    origSz: formatSz(order.coin, order.origSz),
    tif: order.trigger ? null : order.tif,
    cloid: order.cloid,
  };
}

interface FrontendOrder {
  coin: string;
  side: 'B' | 'A';
  limitPx: string;
  sz: string;
  oid: number;
  timestamp: number;
  triggerCondition: string;
  isTrigger: boolean;
  triggerPx: string;
  children: FrontendOrder[];
  isPositionTpsl: boolean;
  reduceOnly: boolean;
  orderType: ReturnType<typeof orderType>;
  origSz: string;
  tif: string | null;
  cloid: string | null;
}

/** Open orders, newest first; normalTpsl children waiting for their entry are not listed. */
function openOrders(account: Account): OrderRecord[] {
  return [...account.openOrders].reverse().filter((o) => !waitsForEntry(account, o));
}

/** Frontend open orders: waiting normalTpsl children are listed as their entry's children. */
function frontendOpenOrders(account: Account) {
  return openOrders(account).map((order) =>
    frontendOrder(
      order,
      account.openOrders.filter((o) => o.entryOid === order.oid && waitsForEntry(account, o)),
    ),
  );
}

/** orderStatus: the order by oid or cloid, open or in the history, or `unknownOid`. */
async function orderStatus(deps: ExchangeDeps, account: Account | undefined, body: Json) {
  const key = body.oid;
  const byCloid = typeof key === 'string' && /^0x[0-9a-fA-F]{32}$/.test(key);
  const oid = byCloid ? undefined : readUint(typeof key === 'string' ? Number(key) : key, 'oid');
  if (!account) return { status: 'unknownOid' as const };
  const match = (o: OrderRecord) =>
    byCloid ? o.cloid?.toLowerCase() === key.toLowerCase() : o.oid === oid;
  const found =
    account.openOrders.find(match) ??
    (await deps.store.read.orderHistory(account.address, MAX_ITEMS_PER_QUERY)).find(match);
  if (!found) return { status: 'unknownOid' as const };
  return {
    status: 'order' as const,
    order: {
      order: frontendOrder(found),
      status: statusOf(found),
      statusTimestamp: found.statusTimestamp,
    },
  };
}

/** Open and finished orders, newest placed first (oids grow with placement), at most 2,000. */
async function historicalOrders(deps: ExchangeDeps, account: Account) {
  const finished = await deps.store.read.orderHistory(account.address, MAX_ITEMS_PER_QUERY);
  return [...account.openOrders, ...finished]
    .sort((a, b) => b.oid - a.oid)
    .slice(0, MAX_ITEMS_PER_QUERY)
    .map((order) => ({
      order: frontendOrder(order),
      status: statusOf(order),
      statusTimestamp: order.statusTimestamp,
    }));
}

/**
 * Answers a per-user /info request, or returns undefined when `type` is not one of them.
 * Throws BadRequestError for a malformed body.
 */
export async function userInfo(
  deps: ExchangeDeps,
  body: Json,
  nowMs: number,
): Promise<{ value: unknown } | undefined> {
  const known = [
    'clearinghouseState',
    'spotClearinghouseState',
    'openOrders',
    'frontendOpenOrders',
    'userFills',
    'userFillsByTime',
    'historicalOrders',
    'orderStatus',
  ];
  if (typeof body.type !== 'string' || !known.includes(body.type)) return undefined;
  const user = readAddress(body.user, 'user');
  const found = await accountNow(deps, user, nowMs);
  const account = found ?? newAccount(user, 0, nowMs);
  switch (body.type) {
    case 'clearinghouseState':
      return { value: clearinghouseState(account, marksAt(deps.seed, nowMs, deps.pins), nowMs) };
    case 'spotClearinghouseState': {
      if (!found) return { value: { balances: [] } };
      const summary = accountSummary(account, marksAt(deps.seed, nowMs, deps.pins));
      const hold = summary.cross.totalMarginUsed + summary.isolatedMargin + summary.orderMargin;
      return {
        value: {
          balances: [
            {
              coin: 'USDC',
              token: 0,
              total: formatUsd(account.usdc),
              hold: formatUsd(hold),
              entryNtl: '0.0',
            },
          ],
        },
      };
    }
    case 'openOrders':
      return { value: openOrders(account).map(openOrder) };
    case 'frontendOpenOrders':
      return { value: frontendOpenOrders(account) };
    case 'orderStatus':
      return { value: await orderStatus(deps, found, body) };
    case 'userFills':
      if (!found) return { value: [] };
      return { value: await deps.store.read.fills(user, { limit: MAX_ITEMS_PER_QUERY }) };
    case 'userFillsByTime': {
      const startTime = readUint(body.startTime, 'startTime');
      const endTime = readOptionalUint(body.endTime, 'endTime');
      if (!found) return { value: [] };
      const query = { startTime, endTime, limit: MAX_ITEMS_PER_QUERY };
      return { value: await deps.store.read.fills(user, query) };
    }
    default:
      return { value: found ? await historicalOrders(deps, account) : [] };
  }
}
