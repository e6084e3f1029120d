import type {
  ClearinghouseStateResponse,
  FrontendOpenOrdersResponse,
  SpotClearinghouseStateResponse,
} from '@nktkas/hyperliquid/api/info';
import type { Balance, OpenOrder, Position } from '@tb/core';
import { clean, decimal, list, optionalDecimal, record, sideOf, symbolOf } from './parse.js';

/**
 * The account's balances by coin. USDC is the perp margin account: total = accountValue,
 * used = totalMarginUsed, free = withdrawable; `info.usdcValue` = accountValue. Other spot
 * coins with a balance add total, used = hold, free = total − hold. (Spot USDC is not added,
 * so a unified account's collateral is not counted twice.)
 */
export function toBalance(
  perp: ClearinghouseStateResponse,
  spot: SpotClearinghouseStateResponse | null,
): Balance {
  const summary = record(record(perp).marginSummary);
  const accountValue = decimal(summary.accountValue);
  const balance: Balance = {
    total: { USDC: accountValue },
    used: { USDC: decimal(summary.totalMarginUsed) },
    free: { USDC: decimal(perp.withdrawable) },
    info: { usdcValue: accountValue },
  };
  for (const entry of spot ? list(record(spot).balances) : []) {
    const total = decimal(entry.total);
    if (entry.coin === 'USDC' || total === 0) continue;
    const hold = decimal(entry.hold);
    balance.total[entry.coin] = total;
    balance.used[entry.coin] = hold;
    balance.free[entry.coin] = clean(total - hold);
  }
  return balance;
}

/**
 * Open positions: side by the sign of `szi`, size |szi|, mark price = positionValue / |szi|,
 * P/L % = returnOnEquity × 100, margin = marginUsed, leverage and leverageType from
 * `leverage {type, value}`, liquidation price null when the exchange gives none. Flat entries
 * (szi 0) are left out.
 */
export function toPositions(perp: ClearinghouseStateResponse): Position[] {
  return list<ClearinghouseStateResponse['assetPositions'][number]>(record(perp).assetPositions)
    .map(({ position: p }) => ({ p, szi: decimal(p.szi) }))
    .filter(({ szi }) => szi !== 0)
    .map(({ p, szi }) => {
      const size = Math.abs(szi);
      return {
        symbol: symbolOf(p.coin),
        side: szi > 0 ? ('long' as const) : ('short' as const),
        size,
        entryPrice: decimal(p.entryPx),
        markPrice: clean(decimal(p.positionValue) / size),
        unrealizedPnl: decimal(p.unrealizedPnl),
        pnlPercentage: clean(decimal(p.returnOnEquity) * 100),
        liquidationPrice: optionalDecimal(p.liquidationPx),
        margin: decimal(p.marginUsed),
        leverage: decimal(p.leverage.value),
        leverageType: p.leverage.type === 'isolated' ? ('isolated' as const) : ('cross' as const),
      };
    });
}

/** 'market' for Hyperliquid order types naming Market ('Market', 'Stop Market', …), else 'limit'. */
export const orderTypeOf = (orderType: unknown): 'limit' | 'market' =>
  typeof orderType === 'string' && /market/i.test(orderType) ? 'market' : 'limit';

/**
 * Open orders (frontendOpenOrders): id = String(oid), assetId = the coin's index in meta
 * (−1 when meta does not list it), size = the unfilled `sz`, filled = origSz − sz,
 * value = price × size.
 */
export function toOpenOrders(
  orders: FrontendOpenOrdersResponse,
  assetIds: ReadonlyMap<string, number>,
): OpenOrder[] {
  return list<FrontendOpenOrdersResponse[number]>(orders).map((o) => {
    const price = decimal(o.limitPx);
    const size = decimal(o.sz);
    return {
      id: String(o.oid),
      timestamp: decimal(o.timestamp),
      orderType: orderTypeOf(o.orderType),
      symbol: symbolOf(o.coin),
      assetId: assetIds.get(o.coin) ?? -1,
      side: sideOf(o.side),
      size,
      filled: clean(decimal(o.origSz ?? o.sz) - size),
      value: clean(price * size),
      price,
      reduceOnly: o.reduceOnly === true,
      status: 'open',
    };
  });
}
