import type { HistoricalOrdersResponse, UserFillsResponse } from '@nktkas/hyperliquid/api/info';
import { describe, expect, it } from 'vitest';
import { HISTORICAL_ORDERS, USER_FILLS } from '../testing/fixtures.js';
import { applyHistoryQuery, orderStatusOf, toOrderHistoryRows, toTradeRows } from './history.js';

describe('toTradeRows', () => {
  it('maps the fill of the SDK example', () => {
    expect(toTradeRows([USER_FILLS[0]] as UserFillsResponse)).toEqual([
      {
        timestamp: 1681222254710,
        symbol: 'AVAX-USD',
        side: 'buy',
        price: 18.435,
        amount: 93.53,
        cost: 1724.22555,
        fee: { cost: 0.01, currency: 'USDC' },
      },
    ]);
  });
});

describe('toOrderHistoryRows', () => {
  it('maps filled, margin-canceled and tick-rejected orders', () => {
    const rows = toOrderHistoryRows(HISTORICAL_ORDERS as HistoricalOrdersResponse);
    expect(rows).toEqual([
      {
        timestamp: 1679940200665,
        symbol: 'BTC-USD',
        type: 'limit',
        side: 'buy',
        price: 26971,
        amount: 0.01,
        filled: 0.01,
        status: 'filled',
      },
      expect.objectContaining({ type: 'market', filled: 0.004, status: 'canceled' }),
      expect.objectContaining({ side: 'sell', status: 'rejected' }),
    ]);
  });

  it.each([
    ['filled', 'filled'],
    ['open', 'open'],
    ['canceled', 'canceled'],
    ['marginCanceled', 'canceled'],
    ['scheduledCancel', 'canceled'],
    ['rejected', 'rejected'],
    ['iocCancelRejected', 'rejected'],
    ['perpMarginRejected', 'rejected'],
    ['triggered', 'triggered'],
  ])('status %s → %s', (raw, expected) => {
    expect(orderStatusOf(raw)).toBe(expected);
  });
});

describe('applyHistoryQuery', () => {
  const rows = toTradeRows(USER_FILLS as UserFillsResponse);
  it.each([
    {
      scenario: 'all, newest first',
      query: { limit: 50 },
      times: [1681222300000, 1681222254710, 1681222100000],
    },
    { scenario: 'limit', query: { limit: 1 }, times: [1681222300000] },
    {
      scenario: 'symbol in another shape',
      query: { limit: 50, symbol: 'btc/usd' },
      times: [1681222300000, 1681222100000],
    },
    {
      scenario: 'since',
      query: { limit: 50, since: 1681222254710 },
      times: [1681222300000, 1681222254710],
    },
    { scenario: 'unknown symbol', query: { limit: 50, symbol: 'DOGE' }, times: [] },
  ])('$scenario', ({ query, times }) => {
    expect(applyHistoryQuery(rows, query).map((r) => r.timestamp)).toEqual(times);
  });
});
