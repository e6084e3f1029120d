import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, errorBody, stubFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import {
  balance,
  btcLong,
  ethShort,
  fakeServer,
  fill,
  historyRow,
  ok,
  paperConnection,
  restingOrder,
  type Route,
} from '../test-fixtures';
import { TradingDesk } from './trading-desk';

function openDesk(routes: Record<string, Route> = {}) {
  const fetch = stubFetch(fakeServer(routes));
  const view = renderWithProviders(
    <TradingDesk connectionId={null} connection={paperConnection} />,
  );
  return { ...view, fetch };
}

const section = (name: string) => screen.getByRole('region', { name });
const count = (fetch: ReturnType<typeof stubFetch>, call: string) =>
  calls(fetch).filter((c) => c.startsWith(call)).length;

describe('account and tables', () => {
  it('shows the balance rows, account value and margin used', async () => {
    openDesk();
    const balances = await screen.findByRole('table', { name: 'Balances' });
    const row = within(balances).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('USDC');
    // USDC is money: dollars and cents with separators, never raw decimals.
    expect(within(row).getAllByText('$10,000.00')).toHaveLength(2);
    expect(within(row).getByText('$9,400.00')).toBeVisible();
    expect(screen.getByText('Account value').nextSibling).toHaveTextContent('$10,000.00');
    expect(screen.getByText('Margin used').nextSibling).toHaveTextContent('$600.00');
  });

  it('shows a failed balance fetch', async () => {
    openDesk({ 'GET /exchange/account': { status: 502 } });
    expect(await screen.findByText('Failed to fetch account data')).toBeVisible();
  });

  it('hides a balance time-out and keeps the last balance', async () => {
    let reads = 0;
    const { queryClient, fetch } = openDesk({
      'GET /exchange/account': () =>
        ++reads === 1
          ? ok(balance)
          : {
              status: 504,
              body: errorBody('EXCHANGE_TIMEOUT', 'Failed to fetch account data: timed out'),
            },
    });
    expect(await screen.findByRole('table', { name: 'Balances' })).toBeVisible();
    await queryClient.refetchQueries({ queryKey: ['exchange', 'private'] });
    expect(count(fetch, 'GET /api/exchange/account')).toBe(2);
    expect(screen.getByRole('table', { name: 'Balances' })).toBeVisible();
    expect(screen.queryByText(/Failed to fetch account data/)).not.toBeInTheDocument();
  });

  it('shows the empty states; the history toggles (aria-pressed) load their tables', async () => {
    const { user } = openDesk();
    expect(await screen.findByText('No open positions')).toBeVisible();
    expect(await screen.findByText('No open orders')).toBeVisible();
    const toggles = screen.getByRole('group', { name: 'Show sections' });
    const trades = within(toggles).getByRole('button', { name: 'Trade history' });
    expect(trades).toHaveAttribute('aria-pressed', 'false');
    await user.click(trades);
    expect(trades).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('No trade history found.')).toBeVisible();
    await user.click(within(toggles).getByRole('button', { name: 'Order history' }));
    expect(await screen.findByText('No order history found.')).toBeVisible();
    await user.click(within(toggles).getByRole('button', { name: 'Open positions' }));
    expect(screen.queryByText('No open positions')).not.toBeInTheDocument();
  });

  it('shows the fetch errors of each table (server message first)', async () => {
    const { user } = openDesk({
      'GET /exchange/positions': { status: 502 },
      'GET /exchange/orders': {
        status: 502,
        body: errorBody('EXCHANGE_ERROR', 'Failed to fetch open orders: exchange down'),
      },
      'GET /exchange/myTrades': { status: 502 },
      'GET /exchange/orders/history': { status: 502 },
    });
    expect(await screen.findByText('Failed to fetch positions')).toBeVisible();
    expect(await screen.findByText('Failed to fetch open orders: exchange down')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Trade history' }));
    await user.click(screen.getByRole('button', { name: 'Order history' }));
    expect(await screen.findByText('Failed to fetch trade history')).toBeVisible();
    expect(await screen.findByText('Failed to fetch order history')).toBeVisible();
  });

  it('lists positions with side, P/L in $ and %, and — without a liquidation price', async () => {
    openDesk({ 'GET /exchange/positions': ok([btcLong, ethShort]) });
    const table = await screen.findByRole('table', { name: 'Open positions' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Symbol',
      'Side',
      'Size',
      'Entry',
      'Mark',
      'Unrealized P/L',
      'Liq. price',
      'Margin',
      'Leverage',
      'Actions',
    ]);
    const btc = within(table).getByRole('row', { name: /BTC-USD/ });
    expect(within(btc).getByText('Long')).toHaveClass('badge--long');
    expect(btc).toHaveTextContent('+$2,125.25 (+35.42%)');
    expect(within(btc).getByText('45,000')).toBeVisible();
    expect(within(btc).getByText('$6,000.00')).toBeVisible();
    expect(within(btc).getByText('5x cross')).toBeVisible();
    const eth = within(table).getByRole('row', { name: /ETH-USD/ });
    expect(within(eth).getByText('Short')).toHaveClass('badge--short');
    expect(within(eth).getByText('-$200.00 (-6.67%)')).toHaveClass('pnl--down');
    expect(eth).toHaveTextContent('—');
    expect(within(eth).getByText('$600.00')).toBeVisible();
    expect(within(eth).getByText('10x isolated')).toBeVisible();
  });

  it('Close closes one position through POST /exchange/positions/:symbol/close (market precision)', async () => {
    const tiny = { ...btcLong, size: 0.0005 };
    const { user, fetch } = openDesk({
      'GET /exchange/positions': ok([tiny, ethShort]),
      'POST /exchange/positions/BTC-USD/close': ok({
        closed: [{ symbol: 'BTC-USD', size: 0.0005 }],
        failed: [],
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Close BTC-USD long position' }));
    expect(await screen.findByText('Closed 1 position')).toBeVisible();
    expect(calls(fetch)).toContain('POST /api/exchange/positions/BTC-USD/close');
    expect(calls(fetch).some((c) => c.startsWith('POST /api/exchange/order'))).toBe(false);
    await waitFor(() => expect(count(fetch, 'GET /api/exchange/positions')).toBeGreaterThan(1));
  });

  it('Close says why the exchange refused to close, and names the connection', async () => {
    localStorage.setItem('currentExchange', 'c1');
    const { user, fetch } = openDesk({
      'GET /exchange/positions': ok([ethShort]),
      'POST /exchange/positions/ETH-USD/close': ok({
        closed: [],
        failed: [{ symbol: 'ETH-USD', message: 'Insufficient margin' }],
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Close ETH-USD short position' }));
    expect(await screen.findByText('Could not close ETH-USD: Insufficient margin')).toBeVisible();
    expect(calls(fetch)).toContain('POST /api/exchange/positions/ETH-USD/close?connectionId=c1');
  });

  it('Close all asks first, word for word, then closes everything', async () => {
    const { user, fetch } = openDesk({
      'GET /exchange/positions': ok([btcLong, ethShort]),
      'POST /exchange/positions/close-all': ok({
        closed: [{ symbol: 'BTC-USD', size: 0.5 }],
        failed: [{ symbol: 'ETH-USD', message: 'Insufficient margin' }],
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Close all' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'ARE YOU SURE YOU WANT TO CLOSE ALL YOUR POSITIONS AT MARKET PRICE?',
    );
    expect(calls(fetch)).not.toContain('POST /api/exchange/positions/close-all');
    await user.click(within(dialog).getByRole('button', { name: 'Close all' }));
    expect(await screen.findByText('Closed 1 position')).toBeVisible();
    expect(screen.getByText('Could not close ETH-USD: Insufficient margin')).toBeVisible();
    expect(calls(fetch)).toContain('POST /api/exchange/positions/close-all');
  });

  it('Cancel calls DELETE with the asset id, then refreshes the orders', async () => {
    const { user, fetch } = openDesk({
      'GET /exchange/orders': ok([restingOrder]),
      'DELETE /exchange/order/123': {
        status: 200,
        body: { success: true, data: { id: '123' }, message: 'Order cancelled successfully' },
      },
    });
    const table = await screen.findByRole('table', { name: 'Open orders' });
    const row = within(table).getByRole('row', { name: /ETH-USD/ });
    expect(row).toHaveTextContent('$4,500.00');
    expect(row).toHaveTextContent('No');
    await user.click(within(row).getByRole('button', { name: 'Cancel buy ETH-USD order 123' }));
    expect(await screen.findByText('Order cancelled successfully')).toBeVisible();
    expect(calls(fetch)).toContain('DELETE /api/exchange/order/123?assetId=1');
    await waitFor(() => expect(count(fetch, 'GET /api/exchange/orders')).toBeGreaterThan(1));
  });

  it('lists fills with fee and currency', async () => {
    const { user } = openDesk({ 'GET /exchange/myTrades': ok([fill]) });
    await user.click(await screen.findByRole('button', { name: 'Trade history' }));
    const table = await screen.findByRole('table', { name: 'Trade history' });
    const row = within(table).getByRole('row', { name: /BTC-USD/ });
    expect(row).toHaveTextContent('$30,000.00');
    expect(row).toHaveTextContent('10.5 USDC');
  });

  it("shows a position's averaged entry and liquidation at its market's precision", async () => {
    // ETH has szDecimals 4: 5 significant figures and at most 2 decimals, as Hyperliquid prints.
    const eth = {
      ...ethShort,
      entryPrice: 4409.71234,
      markPrice: 4470.3,
      liquidationPrice: 4857.123,
    };
    openDesk({ 'GET /exchange/positions': ok([eth]) });
    const table = await screen.findByRole('table', { name: 'Open positions' });
    const row = within(table).getByRole('row', { name: /ETH-USD/ });
    expect(await within(row).findByText('4,409.7')).toBeVisible();
    expect(within(row).getByText('4,470.3')).toBeVisible();
    expect(within(row).getByText('4,857.1')).toBeVisible();
  });

  it('shows each fill at its own price, and its cost is the quantity × the price shown', async () => {
    const ethFill = { ...fill, symbol: 'ETH-USD', price: 4470.3, amount: 0.2721, cost: 1216.36863 };
    const dogeFill = { ...fill, symbol: 'DOGE-USD', price: 0.1932, amount: 5000, cost: 966 };
    const { user } = openDesk({ 'GET /exchange/myTrades': ok([ethFill, dogeFill]) });
    await user.click(await screen.findByRole('button', { name: 'Trade history' }));
    const table = await screen.findByRole('table', { name: 'Trade history' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    const cellOf = (symbol: string, header: string) => {
      const row = within(table).getByRole('row', { name: new RegExp(symbol) });
      return within(row).getAllByRole('cell')[headers.indexOf(header)]!.textContent ?? '';
    };
    expect(cellOf('ETH-USD', 'Price')).toBe('4,470.3');
    expect(cellOf('ETH-USD', 'Amount')).toBe('0.2721');
    expect(cellOf('ETH-USD', 'Cost')).toBe('$1,216.37');
    expect(cellOf('DOGE-USD', 'Price')).toBe('0.1932');
    expect(cellOf('DOGE-USD', 'Cost')).toBe('$966.00');
    for (const symbol of ['ETH-USD', 'DOGE-USD']) {
      const shown = (header: string) => Number(cellOf(symbol, header).replace(/[$,]/g, ''));
      expect(shown('Cost')).toBeCloseTo(shown('Amount') * shown('Price'), 2);
    }
  });

  it('gives each order history status its class', async () => {
    const statuses = ['filled', 'closed', 'canceled', 'cancelled', 'open', 'rejected', 'triggered'];
    const { user } = openDesk({
      'GET /exchange/orders/history': ok(statuses.map((s) => historyRow(s))),
    });
    await user.click(await screen.findByRole('button', { name: 'Order history' }));
    const table = await screen.findByRole('table', { name: 'Order history' });
    const classOf = (status: string) => within(table).getByText(status).className;
    expect(classOf('filled')).toContain('order-status--filled');
    expect(classOf('closed')).toContain('order-status--filled');
    expect(classOf('canceled')).toContain('order-status--canceled');
    expect(classOf('cancelled')).toContain('order-status--canceled');
    expect(classOf('open')).toContain('order-status--open');
    expect(classOf('rejected')).toContain('order-status--rejected');
    expect(classOf('triggered')).toContain('order-status--other');
    expect(section('Order history')).toBeVisible();
  });
});
