import { PERP_ASSETS, assetIdByName, priceDecimals } from '../market/assets.js';
import { marksAt } from '../market/marks.js';
import {
  accountSummary,
  leverageFor,
  liquidationPrice,
  positionMetrics,
} from '../engine/margin.js';
import { MAX_ITEMS_PER_QUERY } from '../limits.js';
import { newAccount } from '../state.js';
import type { Account, OrderRecord } from '../state.js';
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

function clearinghouseState(account: Account, marks: Record<string, number>, nowMs: number) {
  const summary = accountSummary(account, marks);
  const margin = {
    accountValue: formatUsd(summary.accountValue),
    totalNtlPos: formatUsd(summary.totalNtlPos),
    totalRawUsd: formatUsd(summary.totalRawUsd),
    totalMarginUsed: formatUsd(summary.totalMarginUsed),
  };
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
        leverage: { type: 'cross' as const, value: leverageFor(account, coin) },
        entryPx: formatDecimal(position.entryPx, pxDecimals),
        positionValue: formatUsd(m.positionValue),
        unrealizedPnl: formatUsd(m.unrealizedPnl),
        returnOnEquity: formatDecimal(m.returnOnEquity, 8),
        liquidationPx: liq === null ? null : formatDecimal(liq, pxDecimals),
        marginUsed: formatUsd(m.marginUsed),
        maxLeverage: asset?.maxLeverage ?? 1,
        cumFunding: { allTime: '0', sinceOpen: '0', sinceChange: '0' },
      },
    };
  });
  return {
    marginSummary: margin,
    crossMarginSummary: { ...margin },
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

function frontendOrder(order: OrderRecord) {
  return {
    coin: order.coin,
    side: order.side,
    limitPx: order.limitPx,
    sz: formatSz(order.coin, order.sz),
    oid: order.oid,
    timestamp: order.timestamp,
    triggerCondition: 'N/A',
    isTrigger: false,
    triggerPx: '0.0',
    children: [],
    isPositionTpsl: false,
    reduceOnly: order.reduceOnly,
    orderType: 'Limit' as const,
    origSz: formatSz(order.coin, order.origSz),
    tif: order.tif,
    cloid: order.cloid,
  };
}

function openOrders(account: Account): OrderRecord[] {
  return [...account.openOrders].reverse();
}

/** Open and finished orders, newest placed first (oids grow with placement), at most 2,000. */
async function historicalOrders(deps: ExchangeDeps, account: Account) {
  const finished = await deps.store.read.orderHistory(account.address, MAX_ITEMS_PER_QUERY);
  return [...account.openOrders, ...finished]
    .sort((a, b) => b.oid - a.oid)
    .slice(0, MAX_ITEMS_PER_QUERY)
    .map((order) => ({
      order: frontendOrder(order),
      status: order.status,
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
  ];
  if (typeof body.type !== 'string' || !known.includes(body.type)) return undefined;
  const user = readAddress(body.user, 'user');
  const found = await accountNow(deps, user, nowMs);
  const account = found ?? newAccount(user, 0, nowMs);
  switch (body.type) {
    case 'clearinghouseState':
      return { value: clearinghouseState(account, marksAt(deps.seed, nowMs), nowMs) };
    case 'spotClearinghouseState': {
      if (!found) return { value: { balances: [] } };
      const summary = accountSummary(account, marksAt(deps.seed, nowMs));
      const hold = summary.totalMarginUsed + summary.orderMargin;
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
      return { value: openOrders(account).map(frontendOrder) };
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
