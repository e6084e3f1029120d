import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorBody, stubFetch } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import { tradeFixture } from '@/test/trade-fixture';
import type { UnjournaledTrip } from '../api';
import { AttachTripDialog, attachCandidates, attachTexts } from './attach-trip-dialog';

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

describe('AttachTripDialog', () => {
  it("says while the trades load, shows the server's message when they fail, and Try again", async () => {
    let fail = true;
    signIn();
    stubFetch((req) => {
      if (req.path === '/users/me') return { status: 200, body: publicUser() };
      if (req.path.startsWith('/trades')) {
        return fail
          ? { status: 500, body: errorBody('INTERNAL_ERROR', 'Trades are resting') }
          : { status: 200, body: [tradeFixture({ id: 'hand', pair: 'ETHUSDT' })] };
      }
      return { status: 404, body: errorBody('NOT_FOUND', 'No route') };
    });
    const { user } = renderWithProviders(<AttachTripDialog trip={trip} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: attachTexts.title });
    expect(within(dialog).getByText('Loading your open trades...')).toBeInTheDocument();
    expect(await within(dialog).findByText('Trades are resting')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: attachTexts.submit })).toBeDisabled();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    const choice = await within(dialog).findByRole('radio');
    expect(choice).toBeChecked();
    expect(within(dialog).queryByText('Trades are resting')).toBeNull();
    expect(within(dialog).getByRole('button', { name: attachTexts.submit })).toBeEnabled();
  });
});
