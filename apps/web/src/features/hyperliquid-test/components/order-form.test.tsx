import { act, screen, waitFor, within } from '@testing-library/react';
import { defaultRiskState, riskStateForDay, type RiskState } from '@tb/core';
import { describe, expect, it, vi } from 'vitest';
import { calls, errorBody, stubFetch, type MockReply } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import {
  btcLong,
  fakeServer,
  ok,
  paperConnection,
  restingOrder,
  type Route,
} from '../test-fixtures';
import { TradingDesk } from './trading-desk';

const placed: MockReply = {
  status: 201,
  body: {
    success: true,
    data: { id: '77', status: 'resting', filled: 0, averagePrice: null },
    message: 'Order placed successfully',
  },
};

/** 10:00 UTC on a Monday. */
const T0 = Date.parse('2026-01-05T10:00:00.000Z');

/** Fixes the clock (only the clock: timers stay real) at T0. */
function atT0() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
}

/** The risk state of the trading day that holds T0 in `timeZone`, changed by `change`. */
function riskToday(change: (risk: RiskState) => void, timeZone = 'UTC'): RiskState {
  const risk = structuredClone(riskStateForDay(defaultRiskState(T0), T0, timeZone));
  change(risk);
  return risk;
}

function sessionEndedBody(message: string, details: { reason: string; reopensAt: string }) {
  return { error: { ...errorBody('SESSION_ENDED', message).error, ...details } };
}

function openForm(routes: Record<string, Route> = {}) {
  const orders: unknown[] = [];
  const fetch = stubFetch(
    fakeServer({
      'POST /exchange/order': (req) => {
        orders.push(req.body);
        return placed;
      },
      ...routes,
    }),
  );
  const view = renderWithProviders(
    <TradingDesk connectionId={null} connection={paperConnection} />,
  );
  const form = () => screen.getByRole('form', { name: 'Place order' });
  return { ...view, fetch, orders, form };
}

describe('order form', () => {
  it('refuses an order without size: Symbol, side, and size are required', async () => {
    const { user, orders, form } = openForm();
    await user.click(await screen.findByRole('button', { name: 'Place buy order' }));
    expect(within(form()).getByRole('alert')).toHaveTextContent(
      'Symbol, side, and size are required',
    );
    expect(orders).toEqual([]);
  });

  it('a refusal goes once the field it was about changes: no stale "at least 0.001"', async () => {
    const { user, form } = openForm();
    const size = await within(form()).findByLabelText(/^Size/);
    await user.type(size, '0.0001');
    await user.click(screen.getByRole('button', { name: 'Place buy order' }));
    expect(within(form()).getByRole('alert')).toHaveTextContent('Size must be at least 0.001');
    await user.clear(size);
    await user.type(size, '0.01');
    expect(within(form()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('prefills the limit price with the current price and sends the order', async () => {
    const { user, orders, fetch } = openForm();
    const price = screen.getByRole('spinbutton', { name: 'Price' });
    expect(price).toHaveAttribute('step', '0.000001');
    expect(price).toHaveAttribute('min', '0.000001');
    await waitForValue(price, '64250.5');
    const size = screen.getByRole('spinbutton', { name: 'Size' });
    expect(size).toHaveAttribute('step', '0.001');
    expect(size).toHaveAttribute('placeholder', '0.00');
    await user.type(size, '0.5');
    expect(screen.getByRole('status', { name: 'Order value' })).toHaveTextContent('$32,125.25');
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await user.click(screen.getByRole('checkbox', { name: 'Reduce only' }));
    await user.click(screen.getByRole('button', { name: 'Place sell order' }));
    expect(await screen.findByText('Order placed successfully')).toBeVisible();
    expect(orders).toEqual([
      {
        symbol: 'BTC-USD',
        side: 'sell',
        size: 0.5,
        price: 64250.5,
        orderType: 'limit',
        reduceOnly: true,
      },
    ]);
    expect(calls(fetch)).toContain('GET /api/exchange/price/BTC-USD');
    expect(size).toHaveValue(null);
  });

  it('keeps a 6-decimal price, prefilled or typed, as a coin of szDecimals 0 trades', async () => {
    const { user, orders } = openForm({
      'GET /exchange/price/BTC-USD': ok({ symbol: 'BTC-USD', price: 0.0123455 }),
    });
    const price = screen.getByRole('spinbutton', { name: 'Price' });
    await waitForValue(price, '0.012346');
    await user.clear(price);
    await user.type(price, '0.012345');
    await user.type(screen.getByRole('spinbutton', { name: 'Size' }), '1000');
    await user.click(screen.getByRole('button', { name: 'Place buy order' }));
    await screen.findByText('Order placed successfully');
    expect(orders).toMatchObject([{ symbol: 'BTC-USD', price: 0.012345, size: 1000 }]);
  });

  it('needs a price for a limit order: Price is required for limit orders', async () => {
    const { user, orders, form } = openForm();
    const price = screen.getByRole('spinbutton', { name: 'Price' });
    await waitForValue(price, '64250.5');
    await user.clear(price);
    await user.type(screen.getByRole('spinbutton', { name: 'Size' }), '1');
    await user.click(screen.getByRole('button', { name: 'Place buy order' }));
    expect(within(form()).getByRole('alert')).toHaveTextContent(
      'Price is required for limit orders',
    );
    expect(orders).toEqual([]);
  });

  it('a market order has no price field and sends no price', async () => {
    const { user, orders } = openForm();
    const type = screen.getByRole('group', { name: 'Order type' });
    await user.click(within(type).getByRole('button', { name: 'Market' }));
    expect(within(type).getByRole('button', { name: 'Market' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByRole('spinbutton', { name: 'Price' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Symbol' }), 'ETH-USD');
    await user.type(screen.getByRole('spinbutton', { name: 'Size' }), '0.002');
    expect(await screen.findByText('Current price: 3,100.2')).toBeVisible();
    expect(screen.getByRole('status', { name: 'Order value' })).toHaveTextContent('$6.20');
    expect(screen.getByText(/Below the \$10 minimum/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Place buy order' }));
    await screen.findByText('Order placed successfully');
    expect(orders).toEqual([
      { symbol: 'ETH-USD', side: 'buy', size: 0.002, orderType: 'market', reduceOnly: false },
    ]);
  });

  it('takes a typed symbol when markets cannot be read, appending -USD', async () => {
    const { user, orders } = openForm({
      'GET /exchange/markets': { status: 502 },
      'GET /exchange/price/SOL-USD': {
        status: 404,
        body: errorBody('UNKNOWN_SYMBOL', 'Could not fetch price for SOL-USD'),
      },
    });
    expect(await screen.findByText('Failed to fetch markets')).toBeVisible();
    const symbol = screen.getByRole('textbox', { name: 'Symbol' });
    await user.clear(symbol);
    await user.type(symbol, 'SOL');
    expect(await screen.findByText('Could not fetch price for SOL-USD')).toBeVisible();
    await user.type(screen.getByRole('spinbutton', { name: 'Size' }), '2');
    await user.type(screen.getByRole('spinbutton', { name: 'Price' }), '150.25');
    await user.click(screen.getByRole('button', { name: 'Place buy order' }));
    await screen.findByText('Order placed successfully');
    expect(orders).toEqual([
      {
        symbol: 'SOL-USD',
        side: 'buy',
        size: 2,
        price: 150.25,
        orderType: 'limit',
        reduceOnly: false,
      },
    ]);
  });

  it("shows the server's reason when the order is refused", async () => {
    const { user } = openForm({
      'POST /exchange/order': {
        status: 502,
        body: errorBody(
          'EXCHANGE_ERROR',
          'Failed to place order: Order must have minimum value of $10.',
        ),
      },
    });
    await waitForValue(screen.getByRole('spinbutton', { name: 'Price' }), '64250.5');
    await user.type(screen.getByRole('spinbutton', { name: 'Size' }), '0.001');
    await user.click(screen.getByRole('button', { name: 'Place buy order' }));
    expect(
      await screen.findByText('Failed to place order: Order must have minimum value of $10.'),
    ).toBeVisible();
    expect(screen.queryByText('Trading session ended')).not.toBeInTheDocument();
  });

  it('a 403 SESSION_ENDED answer shows the banner with when trading opens again; it stays', async () => {
    atT0();
    const { user } = openForm({
      'POST /exchange/order': {
        status: 403,
        body: sessionEndedBody('You have reached your limit of 3 trades for today.', {
          reason: 'DAILY_TRADES',
          reopensAt: '2026-01-06T00:00:00.000Z',
        }),
      },
    });
    await waitForValue(screen.getByRole('spinbutton', { name: 'Price' }), '64250.5');
    await user.type(screen.getByRole('spinbutton', { name: 'Size' }), '1');
    await user.click(screen.getByRole('button', { name: 'Place buy order' }));
    const banner = (await screen.findByText('Trading session ended')).closest('.alert');
    expect(banner).toHaveTextContent(
      'You have reached your limit of 3 trades for today. Trading opens again tomorrow at 00:00 (UTC).',
    );
    // Not a stoploss lock: no grass question to point to (it would be a dead end).
    expect(banner).not.toHaveTextContent('Did you touch some grass?');
    expect(banner).toHaveTextContent('Closing positions and cancelling orders still work.');
    await user.click(screen.getByRole('button', { name: 'Open orders' }));
    expect(screen.getByText('Trading session ended')).toBeVisible();
    // The banner says it all: no notification besides it.
    const toasts = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(toasts.queryByText(/You have reached/)).not.toBeInTheDocument();
    expect(toasts.queryByText('Failed to place order')).not.toBeInTheDocument();
  });

  it('a 403 SESSION_ENDED stops holding the form once its reopensAt has passed', async () => {
    // The page re-reads the clock every 30 s: fake that interval along with the clock.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(T0);
    const { user } = openForm({
      'POST /exchange/order': {
        status: 403,
        body: sessionEndedBody('You have reached your limit of 3 trades for today.', {
          reason: 'DAILY_TRADES',
          reopensAt: new Date(T0 + 60_000).toISOString(),
        }),
      },
    });
    await waitForValue(screen.getByRole('spinbutton', { name: 'Price' }), '64250.5');
    await user.type(screen.getByRole('spinbutton', { name: 'Size' }), '1');
    const submit = screen.getByRole('button', { name: 'Place buy order' });
    await user.click(submit);
    expect(await screen.findByText('Trading session ended')).toBeVisible();
    expect(submit).toBeDisabled();
    act(() => vi.advanceTimersByTime(2 * 60_000));
    expect(submit).toBeEnabled();
    expect(screen.queryByText('Trading session ended')).not.toBeInTheDocument();
  });

  it('a 403 SESSION_ENDED stops holding the form once a risk state read after it says open', async () => {
    atT0();
    signIn();
    const open = riskToday(() => {});
    // The risk state read again after the refusal answers when the test says so.
    let answerRisk: (reply: { status: number; body: unknown }) => void = () => {};
    let riskReads = 0;
    const { user } = openForm({
      'GET /users/me': { status: 200, body: publicUser() },
      'GET /risk-management': () =>
        ++riskReads === 1
          ? { status: 200, body: open }
          : new Promise((resolve) => (answerRisk = resolve)),
      'POST /exchange/order': {
        status: 403,
        body: sessionEndedBody('You have reached your limit of 3 trades for today.', {
          reason: 'DAILY_TRADES',
          reopensAt: '2026-01-06T00:00:00.000Z',
        }),
      },
    });
    await waitForValue(screen.getByRole('spinbutton', { name: 'Price' }), '64250.5');
    await user.type(screen.getByRole('spinbutton', { name: 'Size' }), '1');
    const submit = screen.getByRole('button', { name: 'Place buy order' });
    await user.click(submit);
    expect(await screen.findByText('Trading session ended')).toBeVisible();
    expect(submit).toBeDisabled();
    await waitFor(() => expect(riskReads).toBe(2));
    // A second later it answers open (e.g. the grass reset was done in another tab).
    vi.setSystemTime(T0 + 1_000);
    act(() => answerRisk({ status: 200, body: open }));
    await waitFor(() => expect(submit).toBeEnabled(), { timeout: 2_000 });
    expect(screen.queryByText('Trading session ended')).not.toBeInTheDocument();
  });

  it('after 3 stoplosses the banner shows up front, says when, and points to the grass reset; only reduce-only orders go', async () => {
    atT0();
    signIn();
    const risk = riskToday((r) => {
      r.slTaken = 3;
      r.tradingDay!.thirdStoplossAt = new Date(T0 - 30 * 60_000).toISOString();
    });
    const { user, orders } = openForm({
      'GET /users/me': { status: 200, body: publicUser() },
      'GET /risk-management': { status: 200, body: risk },
      'GET /exchange/positions': ok([btcLong]),
      'GET /exchange/orders': ok([restingOrder]),
      'POST /exchange/positions/BTC-USD/close': ok({
        closed: [{ symbol: 'BTC-USD', size: 0.5 }],
        failed: [],
      }),
      'DELETE /exchange/order/123': {
        status: 200,
        body: { success: true, data: { id: '123' }, message: 'Order cancelled successfully' },
      },
    });
    const banner = (await screen.findByText('Trading session ended')).closest('.alert');
    const lock =
      'You have reached the maximum number of stoploss trades for today. Trading opens again tomorrow at 00:00 (UTC), or at 10:30 (UTC) once you have touched some grass.';
    expect(banner).toHaveTextContent(lock);
    expect(banner).toHaveTextContent('Did you touch some grass?');
    expect(
      within(banner as HTMLElement).getByRole('link', { name: 'bingo dashboard' }),
    ).toHaveAttribute('href', '/bingo');
    const submit = screen.getByRole('button', { name: 'Place buy order' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(lock);
    await waitForValue(screen.getByRole('spinbutton', { name: 'Price' }), '64250.5');
    await user.type(screen.getByRole('spinbutton', { name: 'Size' }), '0.5');
    await user.click(screen.getByRole('checkbox', { name: 'Reduce only' }));
    expect(submit).toBeEnabled();
    await user.click(submit);
    await screen.findByText('Order placed successfully');
    expect(orders).toEqual([expect.objectContaining({ size: 0.5, reduceOnly: true })]);
    await user.click(screen.getByRole('button', { name: 'Close BTC-USD long position' }));
    expect(await screen.findByText('Closed 1 position')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel buy ETH-USD order 123' }));
    expect(await screen.findByText('Order cancelled successfully')).toBeVisible();
  });

  it('the daily trade limit disables new orders with its own reason and time, in the user zone', async () => {
    atT0();
    signIn();
    const risk = riskToday((r) => {
      r.dailyStats.trades = 3;
    }, 'Europe/Paris');
    openForm({
      'GET /users/me': { status: 200, body: publicUser({ timeZone: 'Europe/Paris' }) },
      'GET /risk-management': { status: 200, body: risk },
    });
    const banner = (await screen.findByText('Trading session ended')).closest('.alert');
    const lock =
      'You have reached your limit of 3 trades for today. Trading opens again tomorrow at 00:00 (Europe/Paris).';
    expect(banner).toHaveTextContent(lock);
    expect(banner).not.toHaveTextContent('grass');
    expect(screen.getByRole('button', { name: 'Place buy order' })).toHaveAccessibleDescription(
      lock,
    );
  });
});

async function waitForValue(input: HTMLElement, value: string) {
  await screen.findByDisplayValue(value);
  expect(input).toHaveValue(Number(value));
}
