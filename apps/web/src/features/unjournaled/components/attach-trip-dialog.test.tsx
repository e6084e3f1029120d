import { describe, expect, it } from 'vitest';
import { tradeFixture } from '@/test/trade-fixture';
import type { UnjournaledTrip } from '../api';
import { attachCandidates } from './attach-trip-dialog';

/** A closed long ETH trip as the server names it: the coin's journal pair is 'ETH-USD'. */
const trip: UnjournaledTrip = {
  id: '101',
  pair: 'ETH-USD',
  coin: 'ETH',
  isLong: true,
  entryPrice: 3000,
  exitPrice: 3150,
  size: 0.5,
  feesUsd: 1.25,
  pnlUsd: 73.75,
  openedAt: 0,
  closedAt: 1,
  tids: [101, 102],
};

describe('attachCandidates', () => {
  it('compares pairs by base coin, as the server does', () => {
    const trades = ['ETHUSDT', 'ETH-USD', 'eth/usdc', 'ETH-PERP', 'ETH'].map((pair, i) =>
      tradeFixture({ id: `t${i}`, pair }),
    );
    expect(attachCandidates(trades, trip).map((t) => t.id)).toEqual(['t0', 't1', 't2', 't3', 't4']);
  });

  it('leaves out other coins, the other side, closed trades and trades placed on the exchange', () => {
    const trades = [
      tradeFixture({ id: 'btc', pair: 'BTCUSDT' }),
      tradeFixture({ id: 'weth', pair: 'WETHUSDT' }),
      tradeFixture({ id: 'short', pair: 'ETHUSDT', isLong: false }),
      tradeFixture({ id: 'closed', pair: 'ETHUSDT', status: 'TARGET_HIT' }),
      tradeFixture({
        id: 'placed',
        pair: 'ETHUSDT',
        live: {
          connectionId: 'c1',
          orders: { entry: '1', takeProfit: '2', stopLoss: '3' },
          leverage: 5,
          orderType: 'limit',
          execution: 'resting',
          filledPrice: null,
          filledSize: null,
          stopPrice: null,
        },
      }),
    ];
    expect(attachCandidates(trades, trip)).toEqual([]);
    expect(attachCandidates(trades, { ...trip, coin: 'BTC', pair: 'BTC-USD' })[0]?.id).toBe('btc');
  });
});
