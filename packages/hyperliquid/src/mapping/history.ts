import type { HistoricalOrdersResponse, UserFillsResponse } from '@nktkas/hyperliquid/api/info';
import type { HistoryQuery, OrderHistoryRow, TradeHistoryRow } from '@tb/core';
import { symbolBase } from '@tb/core';
import { orderTypeOf } from './account.js';
import { clean, decimal, list, record, sideOf, symbolOf } from './parse.js';

/** The user's fills, unfiltered: cost = px × sz, fee {cost, currency: feeToken}. */
export function toTradeRows(fills: UserFillsResponse): TradeHistoryRow[] {
  return list<UserFillsResponse[number]>(fills).map((f) => {
    const price = decimal(f.px);
    const amount = decimal(f.sz);
    return {
      timestamp: decimal(f.time),
      symbol: symbolOf(f.coin),
      side: sideOf(f.side),
      price,
      amount,
      cost: clean(price * amount),
      fee: { cost: decimal(f.fee), currency: f.feeToken },
    };
  });
}

/**
 * The unified class of a Hyperliquid order status: filled, open, canceled (canceled,
 * marginCanceled, scheduledCancel, …), rejected (rejected, tickRejected, iocCancelRejected, …);
 * others
 * (triggered) pass through.
 */
export function orderStatusOf(status: string): string {
  if (status === 'filled' || status === 'open') return status;
  if (/rejected$/i.test(status)) return 'rejected';
  if (/cancel/i.test(status)) return 'canceled';
  return status;
}

/**
 * The order history, unfiltered: timestamp = when the order was placed, type 'limit' or
 * 'market', amount = origSz, filled = origSz − sz (sz is what was left).
 */
export function toOrderHistoryRows(orders: HistoricalOrdersResponse): OrderHistoryRow[] {
  return list<HistoricalOrdersResponse[number]>(orders).map(({ order, status }) => {
    const o = record(order);
    const amount = decimal(o.origSz);
    return {
      timestamp: decimal(o.timestamp),
      symbol: symbolOf(o.coin),
      type: orderTypeOf(o.orderType),
      side: sideOf(o.side),
      price: decimal(o.limitPx),
      amount,
      filled: clean(amount - decimal(o.sz)),
      status: orderStatusOf(String(status)),
    };
  });
}

/**
 * A history query applied to rows: the symbol's base (any shape: 'btc', 'BTC/USD') compared
 * case-insensitively, rows at or after `since`, newest first, at most `limit`.
 */
export function applyHistoryQuery<T extends { timestamp: number; symbol: string }>(
  rows: T[],
  query: HistoryQuery,
): T[] {
  const base = query.symbol ? (symbolBase(query.symbol) ?? query.symbol).toUpperCase() : null;
  return rows
    .filter((r) => base === null || (symbolBase(r.symbol) ?? '').toUpperCase() === base)
    .filter((r) => query.since === undefined || r.timestamp >= query.since)
    .sort((a, b) => b.timestamp - a.timestamp)
    .slice(0, query.limit);
}
