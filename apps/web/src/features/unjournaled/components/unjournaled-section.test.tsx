import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { journalKeys } from '@/features/journal';
import { calls, errorBody, stubFetch, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import { tradeFixture } from '@/test/trade-fixture';
import type { UnjournaledTrip } from '../api';
import { UnjournaledSection } from './unjournaled-section';

// 2026-01-02 10:00 UTC is 19:00 in Tokyo: times must be read in the trader's zone.
const OPENED = Date.UTC(2026, 0, 2, 10, 0);
const CLOSED = Date.UTC(2026, 0, 2, 12, 30);

const closedLong: UnjournaledTrip = {
  id: '101',
  pair: 'ETHUSDT',
  coin: 'ETH',
  isLong: true,
  entryPrice: 3000,
  exitPrice: 3150,
  size: 0.5,
  feesUsd: 1.25,
  pnlUsd: 73.75,
  openedAt: OPENED,
  closedAt: new Date(CLOSED).toISOString(),
  tids: [101, 102, 103],
};

const openShort: UnjournaledTrip = {
  id: '201',
  pair: 'BTCUSDT',
  coin: 'BTC',
  isLong: false,
  entryPrice: 64000,
  exitPrice: null,
  size: 0.01,
  feesUsd: 0.3,
  pnlUsd: null,
  openedAt: OPENED,
  closedAt: null,
  tids: [201],
};

type Handler = (req: MockRequest) => MockReply;

function open(routes: Record<string, MockReply | Handler> = {}) {
  signIn();
  const all: Record<string, MockReply | Handler> = {
    'GET /users/me': { status: 200, body: publicUser({ timeZone: 'Asia/Tokyo' }) },
    'GET /exchange/unjournaled': { status: 200, body: { trips: [closedLong, openShort] } },
    'GET /trades': { status: 200, body: [] },
    ...routes,
  };
  const fetch = stubFetch((req) => {
    const route = all[`${req.method} ${req.path.split('?')[0]}`];
    if (route === undefined) return { status: 404, body: errorBody('NOT_FOUND', 'No route') };
    return typeof route === 'function' ? route(req) : route;
  });
  const view = renderWithProviders(<UnjournaledSection connectionId={null} />);
  return { ...view, fetch };
}

const bodyOf = (fetch: ReturnType<typeof stubFetch>, path: string): unknown => {
  const call = fetch.mock.calls.find(([input]) => String(input) === `/api${path}`);
  return call?.[1]?.body === undefined ? undefined : JSON.parse(String(call[1].body));
};
const count = (fetch: ReturnType<typeof stubFetch>, call: string) =>
  calls(fetch).filter((c) => c === call).length;
const tripRow = async (pair: string) =>
  within(await screen.findByRole('table', { name: 'Unjournaled trades' })).getByRole('row', {
    name: new RegExp(pair),
  });

describe('UnjournaledSection', () => {
  it('lists the trips with side, size, prices, fees, P/L and times in the trader zone', async () => {
    open();
    expect(screen.getByRole('region', { name: 'Unjournaled trades' })).toHaveTextContent(
      "Fills on your Hyperliquid account that no journal trade explains (e.g. orders placed in Hyperliquid's own app).",
    );
    const eth = await tripRow('ETHUSDT');
    const cells = within(eth).getAllByRole('cell');
    expect(within(eth).getByRole('rowheader')).toHaveTextContent('ETHUSDT');
    expect(within(cells[0]!).getByText('Long')).toHaveClass('badge--long');
    expect(cells[1]).toHaveTextContent('0.5');
    expect(cells[2]).toHaveTextContent('3,000');
    expect(cells[3]).toHaveTextContent('3,150');
    expect(cells[4]).toHaveTextContent('$1.25');
    expect(within(cells[5]!).getByText('+$73.75')).toHaveClass('pnl--up');
    await waitFor(() => expect(cells[6]).toHaveTextContent('2 Jan 2026 19:00'));
    expect(cells[7]).toHaveTextContent('2 Jan 2026 21:30');
    expect(within(cells[6]!).getByText('2 Jan 2026').closest('time')).toHaveAttribute(
      'dateTime',
      '2026-01-02T10:00:00.000Z',
    );
    expect(within(eth).getByRole('button', { name: /^Import Long ETHUSDT opened/ })).toBeVisible();
    expect(within(eth).getByRole('button', { name: /^Attach Long ETHUSDT/ })).toBeVisible();
    expect(within(eth).getByRole('button', { name: /^Dismiss Long ETHUSDT/ })).toBeVisible();

    const btc = await tripRow('BTCUSDT');
    const open_ = within(btc).getAllByRole('cell');
    expect(within(open_[0]!).getByText('Short')).toHaveClass('badge--short');
    expect(open_[3]).toHaveTextContent('open');
    expect(open_[5]).toHaveTextContent('—');
    expect(open_[7]).toHaveTextContent('—');
    // An open trip may be stuck open (a journal trade placed on the exchange shares its coin):
    // it can be dismissed; import and attach wait until it is closed.
    expect(
      within(btc)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([expect.stringMatching(/^Dismiss Short BTCUSDT opened/)]);
    expect(btc).toHaveTextContent('Import or attach once closed');
  });

  it('says when every fill is in the journal', async () => {
    open({ 'GET /exchange/unjournaled': { status: 200, body: { trips: [] } } });
    expect(
      await screen.findByText('No unjournaled trades: every fill is in your journal.'),
    ).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's error and loads again on retry", async () => {
    let reads = 0;
    const { user, fetch } = open({
      'GET /exchange/unjournaled': () =>
        ++reads === 1
          ? { status: 502, body: errorBody('EXCHANGE_ERROR', 'Failed to read fills: timed out') }
          : { status: 200, body: { trips: [closedLong] } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to read fills: timed out');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await tripRow('ETHUSDT')).toBeVisible();
    expect(count(fetch, 'GET /api/exchange/unjournaled')).toBe(2);
  });

  it('imports a trip with the planned stop (required) and target (the exit to start from)', async () => {
    const { user, fetch, queryClient } = open({
      'POST /exchange/unjournaled/import': {
        status: 201,
        body: { trade: tradeFixture({ verified: true }), stats: {} },
      },
    });
    queryClient.setQueryData(journalKeys.trades, []);
    queryClient.setQueryData(journalKeys.risk, {});
    await user.click(
      within(await tripRow('ETHUSDT')).getByRole('button', { name: /^Import Long ETHUSDT/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Import into your journal' });
    const stop = within(dialog).getByLabelText('Stoploss you had planned');
    const target = within(dialog).getByLabelText('Target you had planned');
    expect(stop).toHaveValue('');
    expect(target).toHaveValue('3150');

    await user.click(within(dialog).getByRole('button', { name: 'Import trade' }));
    expect(stop).toHaveAccessibleDescription(
      'Enter the stoploss you had planned: R is measured against it.',
    );
    await user.type(stop, '3100');
    await user.click(within(dialog).getByRole('button', { name: 'Import trade' }));
    expect(stop).toHaveAccessibleDescription(
      'For a long trade the entry must be above the stoploss',
    );
    expect(calls(fetch)).not.toContain('POST /api/exchange/unjournaled/import');

    await user.clear(stop);
    await user.type(stop, '2950');
    await user.click(within(dialog).getByRole('button', { name: 'Import trade' }));
    expect(await screen.findByText('Trade imported into your journal')).toBeVisible();
    expect(bodyOf(fetch, '/exchange/unjournaled/import')).toEqual({
      tids: [101, 102, 103],
      stopLoss: 2950,
      takeProfit: 3150,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(queryClient.getQueryState(journalKeys.trades)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(journalKeys.risk)?.isInvalidated).toBe(true);
    await waitFor(() => expect(count(fetch, 'GET /api/exchange/unjournaled')).toBe(2));
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const { user, fetch } = open({
      'POST /exchange/unjournaled/import': {
        status: 409,
        body: errorBody('CONFLICT', 'These fills are already in your journal'),
      },
    });
    await user.click(
      within(await tripRow('ETHUSDT')).getByRole('button', { name: /^Import Long ETHUSDT/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Import into your journal' });
    await user.type(within(dialog).getByLabelText('Stoploss you had planned'), '2900');
    await user.click(within(dialog).getByRole('button', { name: 'Import trade' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'These fills are already in your journal',
    );
    expect(count(fetch, 'GET /api/exchange/unjournaled')).toBe(1);
  });

  it('attaches a trip to an open journal trade of its pair and side placed by hand', async () => {
    const byHand = tradeFixture({ id: 'hand', pair: 'ETHUSDT', entryPrice: 3000 as never });
    const others = [
      tradeFixture({
        id: 'live',
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
      tradeFixture({ id: 'short', pair: 'ETHUSDT', isLong: false }),
      tradeFixture({ id: 'closed', pair: 'ETHUSDT', status: 'TARGET_HIT' }),
      tradeFixture({ id: 'btc', pair: 'BTCUSDT' }),
    ];
    const { user, fetch, queryClient } = open({
      'GET /trades': { status: 200, body: [byHand, ...others] },
      'POST /exchange/unjournaled/attach': {
        status: 200,
        body: { trade: tradeFixture({ id: 'hand', verified: true }), stats: {} },
      },
    });
    queryClient.setQueryData(journalKeys.risk, {});
    await user.click(
      within(await tripRow('ETHUSDT')).getByRole('button', { name: /^Attach Long ETHUSDT/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Attach to a journal trade' });
    const choices = await within(dialog).findAllByRole('radio');
    expect(choices).toHaveLength(1);
    expect(choices[0]).toBeChecked();
    expect(choices[0]).toHaveAccessibleName(
      /^Long ETHUSDT: entry 3,000, stop 60,000, target 64,000, opened 5 Jan 2026 19:00$/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Attach fills' }));
    expect(await screen.findByText('Fills attached: the journal trade is closed')).toBeVisible();
    expect(bodyOf(fetch, '/exchange/unjournaled/attach')).toEqual({
      tids: [101, 102, 103],
      tradeId: 'hand',
    });
    expect(queryClient.getQueryState(journalKeys.risk)?.isInvalidated).toBe(true);
    await waitFor(() => expect(count(fetch, 'GET /api/trades')).toBe(2));
    await waitFor(() => expect(count(fetch, 'GET /api/exchange/unjournaled')).toBe(2));
  });

  it('asks which trade when several fit, and says when none does', async () => {
    const first = tradeFixture({ id: 'a', pair: 'ETHUSDT' });
    const second = tradeFixture({ id: 'b', pair: 'ETHUSDT', date: '2026-01-06T10:00:00.000Z' });
    let trades = [first, second];
    const { user, fetch, queryClient } = open({
      'GET /trades': () => ({ status: 200, body: trades }),
      'POST /exchange/unjournaled/attach': {
        status: 409,
        body: errorBody('CONFLICT', 'This trade is no longer open'),
      },
    });
    const attach = async () => {
      await user.click(
        within(await tripRow('ETHUSDT')).getByRole('button', { name: /^Attach Long ETHUSDT/ }),
      );
      return screen.findByRole('dialog', { name: 'Attach to a journal trade' });
    };
    let dialog = await attach();
    expect(await within(dialog).findAllByRole('radio')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Attach fills' }));
    expect(within(dialog).getByText('Choose the journal trade these fills close.')).toBeVisible();
    expect(calls(fetch)).not.toContain('POST /api/exchange/unjournaled/attach');
    await user.click(within(dialog).getByRole('radio', { name: /opened 6 Jan 2026/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Attach fills' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This trade is no longer open',
    );
    expect(bodyOf(fetch, '/exchange/unjournaled/attach')).toEqual({
      tids: [101, 102, 103],
      tradeId: 'b',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Focus goes back to the row's button (keyboard users keep their place).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Attach Long ETHUSDT/ })).toHaveFocus(),
    );
    trades = [];
    await queryClient.invalidateQueries({ queryKey: journalKeys.trades });
    dialog = await attach();
    expect(
      await within(dialog).findByText(
        'No open journal trade of Long ETHUSDT without a Hyperliquid order. Import this trade instead.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Attach fills' })).toBeDisabled();
  });

  it('dismisses a trip after asking, and reads the list again', async () => {
    const { user, fetch } = open({
      'POST /exchange/unjournaled/dismiss': { status: 204 },
    });
    await user.click(
      within(await tripRow('ETHUSDT')).getByRole('button', { name: /^Dismiss Long ETHUSDT/ }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Dismiss this trade?' });
    expect(calls(fetch)).not.toContain('POST /api/exchange/unjournaled/dismiss');
    await user.click(within(confirm).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Trade dismissed')).toBeVisible();
    expect(bodyOf(fetch, '/exchange/unjournaled/dismiss')).toEqual({ tids: [101, 102, 103] });
    await waitFor(() => expect(count(fetch, 'GET /api/exchange/unjournaled')).toBe(2));
  });

  it('dismisses an open trip too', async () => {
    const { user, fetch } = open({ 'POST /exchange/unjournaled/dismiss': { status: 204 } });
    await user.click(
      within(await tripRow('BTCUSDT')).getByRole('button', { name: /^Dismiss Short BTCUSDT/ }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Dismiss this trade?' });
    await user.click(within(confirm).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Trade dismissed')).toBeVisible();
    expect(bodyOf(fetch, '/exchange/unjournaled/dismiss')).toEqual({ tids: [201] });
  });

  it("notifies a refused dismissal with the server's message", async () => {
    const { user } = open({
      'POST /exchange/unjournaled/dismiss': {
        status: 404,
        body: errorBody('NOT_FOUND', 'These fills are not yours'),
      },
    });
    await user.click(
      within(await tripRow('ETHUSDT')).getByRole('button', { name: /^Dismiss Long ETHUSDT/ }),
    );
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('These fills are not yours')).toBeVisible();
  });
});
