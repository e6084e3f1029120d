import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, stubFetch, type MockReply } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { btcLong, fakeServer, ok, paperConnection, type Route } from '../test-fixtures';
import { TradingDesk } from './trading-desk';

const placed: MockReply = {
  status: 201,
  body: {
    success: true,
    data: { id: '77', status: 'resting', filled: 0, averagePrice: null },
    message: 'Order placed successfully',
  },
};

/** The trading desk on a fake server that logs the writes, in the order they arrive. */
function openForm(routes: Record<string, Route> = {}) {
  const writes: { call: string; body: unknown }[] = [];
  const logged =
    (call: string, answer: Route): Route =>
    (req) => {
      writes.push({ call, body: req.body });
      return typeof answer === 'function' ? answer(req) : answer;
    };
  const leverageAnswer: Route =
    routes['POST /exchange/leverage'] ?? ((req) => ok({ isCross: true, ...(req.body as object) }));
  stubFetch(
    fakeServer({
      ...routes,
      'POST /exchange/order': logged('order', routes['POST /exchange/order'] ?? placed),
      'POST /exchange/leverage': logged('leverage', leverageAnswer),
    }),
  );
  const view = renderWithProviders(
    <TradingDesk connectionId={null} connection={paperConnection} />,
  );
  const field = () => screen.getByRole('spinbutton', { name: 'Leverage (1–50x)' });
  const applied = () => screen.getByRole('status', { name: 'Leverage applied' });
  return { ...view, writes, field, applied };
}

describe('order form leverage', () => {
  it('sends the chosen leverage before the order, then shows what the exchange applies', async () => {
    const { user, writes, field, applied } = openForm();
    await screen.findByDisplayValue('64250.5');
    // No position and nothing set yet: Hyperliquid's default, not applied until sent.
    await screen.findByRole('spinbutton', { name: 'Leverage (1–50x)' });
    expect(field()).toHaveValue(20);
    expect(applied()).toHaveTextContent('—');
    await user.clear(field());
    await user.type(field(), '7');
    await user.type(screen.getByRole('spinbutton', { name: 'Size' }), '0.5');
    // 0.5 × 64250.5 = 32125.25 of order value; ÷ 7 = 4589.32 of margin.
    expect(screen.getByRole('status', { name: 'Order margin' })).toHaveTextContent('$4,589.32');
    await user.click(screen.getByRole('button', { name: 'Place buy order' }));
    expect(await screen.findByText('Order placed successfully')).toBeVisible();
    expect(writes).toEqual([
      { call: 'leverage', body: { symbol: 'BTC-USD', leverage: 7, isCross: true } },
      {
        call: 'order',
        body: {
          symbol: 'BTC-USD',
          side: 'buy',
          size: 0.5,
          price: 64250.5,
          orderType: 'limit',
          reduceOnly: false,
        },
      },
    ]);
    expect(applied()).toHaveTextContent('7x cross');

    // The exchange applies 7x now: the next order goes alone.
    await user.type(screen.getByRole('spinbutton', { name: 'Size' }), '0.2');
    await user.click(screen.getByRole('button', { name: 'Place buy order' }));
    await screen.findByDisplayValue('7');
    await waitFor(() => expect(writes).toHaveLength(3));
    expect(writes[2]?.call).toBe('order');
  });

  it("starts at the open position's leverage and sends one only when the trader changes it", async () => {
    const { user, writes, field, applied } = openForm({
      'GET /exchange/positions': ok([btcLong]),
    });
    expect(await screen.findByDisplayValue('5')).toBe(field());
    expect(applied()).toHaveTextContent('5x cross');
    await user.type(screen.getByRole('spinbutton', { name: 'Size' }), '0.1');
    await user.click(screen.getByRole('button', { name: 'Place buy order' }));
    expect(await screen.findByText('Order placed successfully')).toBeVisible();
    expect(writes.map((w) => w.call)).toEqual(['order']);

    await user.clear(field());
    await user.type(field(), '10');
    expect(screen.getByText('Changes to 10x cross before your order')).toBeVisible();
    const mode = screen.getByRole('group', { name: 'Margin mode' });
    await user.click(within(mode).getByRole('button', { name: 'Isolated' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Size' }), '0.1');
    await user.click(screen.getByRole('button', { name: 'Place buy order' }));
    await waitFor(() => expect(writes).toHaveLength(3));
    expect(writes.slice(1)).toEqual([
      { call: 'leverage', body: { symbol: 'BTC-USD', leverage: 10, isCross: false } },
      { call: 'order', body: expect.objectContaining({ symbol: 'BTC-USD', size: 0.1 }) },
    ]);
  });

  it('a reduce-only order goes without a leverage (it takes no margin)', async () => {
    const { user, writes } = openForm();
    await screen.findByDisplayValue('64250.5');
    await user.type(screen.getByRole('spinbutton', { name: 'Size' }), '0.1');
    await user.click(screen.getByRole('checkbox', { name: 'Reduce only' }));
    await user.click(screen.getByRole('button', { name: 'Place buy order' }));
    expect(await screen.findByText('Order placed successfully')).toBeVisible();
    expect(writes.map((w) => w.call)).toEqual(['order']);
  });

  it('refuses a leverage above the market maximum; Set sends a valid one at once', async () => {
    const { user, writes, field, applied } = openForm();
    await screen.findByRole('spinbutton', { name: 'Leverage (1–50x)' });
    await user.clear(field());
    await user.type(field(), '60');
    const set = screen.getByRole('button', { name: 'Set leverage' });
    expect(set).toBeDisabled();
    expect(screen.getByText('Leverage must be a whole number from 1 to 50')).toBeVisible();
    await user.type(screen.getByRole('spinbutton', { name: 'Size' }), '0.1');
    await user.click(screen.getByRole('button', { name: 'Place buy order' }));
    const form = screen.getByRole('form', { name: 'Place order' });
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Leverage must be a whole number from 1 to 50',
    );
    expect(writes).toEqual([]);

    await user.clear(field());
    await user.type(field(), '5');
    await user.click(set);
    expect(await screen.findByText('Leverage set to 5x for BTC-USD')).toBeVisible();
    expect(writes).toEqual([
      { call: 'leverage', body: { symbol: 'BTC-USD', leverage: 5, isCross: true } },
    ]);
    expect(applied()).toHaveTextContent('5x cross');
  });

  it('when the exchange refuses the leverage, no order goes and its reason shows', async () => {
    const { user, writes } = openForm({
      'POST /exchange/leverage': {
        status: 422,
        body: errorBody(
          'EXCHANGE_REJECTED',
          'Failed to set leverage: Isolated margin is not supported by the paper exchange; use cross.',
        ),
      },
    });
    await screen.findByDisplayValue('64250.5');
    const mode = screen.getByRole('group', { name: 'Margin mode' });
    await user.click(within(mode).getByRole('button', { name: 'Isolated' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Size' }), '0.1');
    await user.click(screen.getByRole('button', { name: 'Place buy order' }));
    expect(
      await screen.findByText(
        'Failed to set leverage: Isolated margin is not supported by the paper exchange; use cross.',
      ),
    ).toBeVisible();
    expect(writes.map((w) => w.call)).toEqual(['leverage']);
  });
});
