import { price } from '@tb/core';
import { describe, expect, it } from 'vitest';
import { tradeFixture } from '@/test/trade-fixture';
import { openTradeLevels } from './trade-levels';

const older = tradeFixture({ id: 'old', createdAt: '2026-01-05T10:00:00.000Z' });
const newer = tradeFixture({
  id: 'new',
  isLong: false,
  entryPrice: price(62_000),
  stopLoss: price(63_000),
  takeProfit: price(59_000),
  createdAt: '2026-01-06T10:00:00.000Z',
});
const closed = tradeFixture({
  id: 'closed',
  status: 'TARGET_HIT',
  createdAt: '2026-01-07T10:00:00.000Z',
});
const eth = tradeFixture({ id: 'eth', pair: 'ETHUSDT', createdAt: '2026-01-08T10:00:00.000Z' });

describe('openTradeLevels', () => {
  it('takes the newest OPEN trade of the chart’s coin, whatever the quote or prefix', () => {
    for (const symbol of ['BTCUSD', 'COINBASE:BTCUSD', 'BTC-USD', 'btcusdt']) {
      expect(openTradeLevels([older, closed, eth, newer], symbol)).toEqual({
        tradeId: 'new',
        pair: 'BTCUSDT',
        isLong: false,
        entryPrice: 62_000,
        stopLoss: 63_000,
        takeProfit: 59_000,
      });
    }
  });

  it('is null without an open trade on that coin', () => {
    expect(openTradeLevels([closed, eth], 'BTCUSD')).toBeNull();
    expect(openTradeLevels([], 'BTCUSD')).toBeNull();
    expect(openTradeLevels([older], 'SOLUSD')).toBeNull();
  });
});
