import { PERP_ASSETS, assetIdByName, priceDecimals } from '../market/assets.js';
import { marksAt } from '../market/marks.js';
import {
  accountSummary,
  leverageFor,
  liquidationPrice,
  positionMetrics,
} from '../engine/margin.js';
import { findAccount, newAccount } from '../state.js';
import type { Account, OrderRecord, PaperState } from '../state.js';
import { formatDecimal, formatUsd } from '../util/decimal.js';
import { readAddress, readOptionalUint, readUint } from '../util/read.js';
import type { Json } from '../util/read.js';

/** Per-user /info answers. An address that was never funded (e.g. an agent) reads as empty. */

const MAX_ITEMS = 2000;

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
  return account.orders.filter((o) => o.status === 'open').reverse();
}

/**
 * Answers a per-user /info request, or returns undefined when `type` is not one of them.
 * Throws BadRequestError for a malformed body.
 */
export function userInfo(
  state: PaperState,
  body: Json,
  nowMs: number,
): { value: unknown } | undefined {
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
  const found = findAccount(state, user);
  const account = found ?? newAccount(user, 0);
  switch (body.type) {
    case 'clearinghouseState':
      return { value: clearinghouseState(account, marksAt(state.seed, nowMs), nowMs) };
    case 'spotClearinghouseState': {
      if (!found) return { value: { balances: [] } };
      const summary = accountSummary(account, marksAt(state.seed, nowMs));
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
      return { value: account.fills.slice(-MAX_ITEMS).reverse() };
    case 'userFillsByTime': {
      const start = readUint(body.startTime, 'startTime');
      const end = readOptionalUint(body.endTime, 'endTime') ?? Number.MAX_SAFE_INTEGER;
      return {
        value: account.fills.filter((f) => f.time >= start && f.time <= end).slice(0, MAX_ITEMS),
      };
    }
    default:
      return {
        value: account.orders
          .slice(-MAX_ITEMS)
          .reverse()
          .map((order) => ({
            order: frontendOrder(order),
            status: order.status,
            statusTimestamp: order.statusTimestamp,
          })),
      };
  }
}
