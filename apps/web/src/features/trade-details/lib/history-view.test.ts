import { price, rMultiple, usd } from '@tb/core';
import { describe, expect, it } from 'vitest';
import { tradeFixture, wonTradeFixture } from '@/test/trade-fixture';
import {
  cardStatus,
  filterTrades,
  NO_FILTERS,
  pairsOf,
  sortTrades,
  tradeSource,
  type HistoryFilters,
} from './history-view';

const lost = (id: string, overrides = {}) =>
  tradeFixture({
    id,
    status: 'STOPLOSS_HIT',
    exitPrice: price(60_000),
    rMultiple: rMultiple(-1),
    pnlUsd: usd(-16.39),
    closedAt: '2026-01-05T12:00:00.000Z',
    ...overrides,
  });

const breakEven = lost('be-eth', {
  pair: 'ETHUSDT',
  rMultiple: rMultiple(0),
  pnlUsd: usd(0),
  date: '2026-01-02T09:00:00.000Z',
});

const trades = [
  tradeFixture({ id: 'open-btc', date: '2026-01-05T10:00:00.000Z' }),
  wonTradeFixture({
    id: 'won-eth',
    pair: 'ETHUSDT',
    isLong: false,
    verified: true,
    date: '2026-01-03T23:30:00.000Z',
  }),
  lost('lost-btc', { date: '2026-01-04T00:30:00.000Z', imported: true }),
  wonTradeFixture({
    id: 'offplan-sol',
    pair: 'SOLUSDT',
    offPlan: true,
    verified: true,
    rMultiple: null,
    pnlUsd: usd(12),
    date: '2026-01-01T08:00:00.000Z',
  }),
];

const ids = (list: readonly { id: string }[]) => list.map((t) => t.id);
const only = (changes: Partial<HistoryFilters>, timeZone = 'UTC') =>
  ids(filterTrades(trades, { ...NO_FILTERS, ...changes }, timeZone));

describe('filterTrades', () => {
  it('keeps everything without filters', () => {
    expect(only({})).toEqual(['open-btc', 'won-eth', 'lost-btc', 'offplan-sol']);
  });

  it.each([
    ['pair', { pair: 'BTCUSDT' }, ['open-btc', 'lost-btc']],
    ['short side', { side: 'short' }, ['won-eth']],
    ['long side', { side: 'long' }, ['open-btc', 'lost-btc', 'offplan-sol']],
    ['open', { status: 'OPEN' }, ['open-btc']],
    ['wins', { status: 'WIN' }, ['won-eth', 'offplan-sol']],
    ['losses', { status: 'LOSS' }, ['lost-btc']],
    ['verified (fills, on plan)', { source: 'verified' }, ['won-eth']],
    ['self-reported (clicked or imported)', { source: 'self' }, ['open-btc', 'lost-btc']],
    ['off-plan', { source: 'offPlan' }, ['offplan-sol']],
    ['pair and status together', { pair: 'BTCUSDT', status: 'LOSS' }, ['lost-btc']],
  ] as const)('%s', (_name, changes, expected) => {
    expect(only(changes)).toEqual(expected);
  });

  it('reads the date range on the trader calendar, both ends included', () => {
    // 23:30 UTC on the 3rd is the 4th in Paris; 00:30 UTC on the 4th is the 4th in both.
    expect(only({ from: '2026-01-04', to: '2026-01-04' }, 'UTC')).toEqual(['lost-btc']);
    expect(only({ from: '2026-01-04', to: '2026-01-04' }, 'Europe/Paris')).toEqual([
      'won-eth',
      'lost-btc',
    ]);
    expect(only({ from: '2026-01-04' })).toEqual(['open-btc', 'lost-btc']);
    expect(only({ to: '2026-01-03' })).toEqual(['won-eth', 'offplan-sol']);
  });

  it('tells a break-even (closed at 0R) from a loss, as its card does', () => {
    const withBe = [...trades, breakEven];
    const status = (value: HistoryFilters['status']) =>
      ids(filterTrades(withBe, { ...NO_FILTERS, status: value }, 'UTC'));
    expect(status('BE')).toEqual(['be-eth']);
    expect(status('LOSS')).toEqual(['lost-btc']);
    expect(cardStatus(breakEven)).toBe('BE');
    expect(cardStatus(trades[2]!)).toBe('LOSS');
  });

  it('ignores a half-typed date', () => {
    expect(only({ from: '2026-01' })).toHaveLength(4);
  });
});

describe('sortTrades', () => {
  it('keeps the journal order by default', () => {
    expect(ids(sortTrades(trades, 'default'))).toEqual(ids(trades));
  });

  it('orders by the time opened', () => {
    expect(ids(sortTrades(trades, 'newest'))).toEqual([
      'open-btc',
      'lost-btc',
      'won-eth',
      'offplan-sol',
    ]);
    expect(ids(sortTrades(trades, 'oldest'))).toEqual([
      'offplan-sol',
      'won-eth',
      'lost-btc',
      'open-btc',
    ]);
  });

  it('orders by R and P/L, trades without one last', () => {
    expect(ids(sortTrades(trades, 'rDesc'))).toEqual([
      'won-eth',
      'lost-btc',
      'open-btc',
      'offplan-sol',
    ]);
    expect(ids(sortTrades(trades, 'rAsc'))).toEqual([
      'lost-btc',
      'won-eth',
      'open-btc',
      'offplan-sol',
    ]);
    expect(ids(sortTrades(trades, 'pnlDesc'))).toEqual([
      'won-eth',
      'offplan-sol',
      'lost-btc',
      'open-btc',
    ]);
    expect(ids(sortTrades(trades, 'pnlAsc'))).toEqual([
      'lost-btc',
      'offplan-sol',
      'won-eth',
      'open-btc',
    ]);
  });
});

describe('tradeSource / pairsOf', () => {
  it('gives each trade one source', () => {
    expect(trades.map(tradeSource)).toEqual(['self', 'verified', 'self', 'offPlan']);
  });

  it('lists each pair once, sorted', () => {
    expect(pairsOf(trades)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
  });
});
