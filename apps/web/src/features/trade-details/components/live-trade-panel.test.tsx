import { screen, waitFor, within } from '@testing-library/react';
import { defaultRiskState, price, rMultiple, usd, type LiveTrade, type Trade } from '@tb/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLocalJournal } from '@/features/journal';
import { calls, errorBody, stubFetch, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import { tradeFixture } from '@/test/trade-fixture';
import { liveTexts } from './live-trade-panel';
import { TradeHistoryDialog } from './trade-history-dialog';

function live(overrides: Partial<LiveTrade> = {}): LiveTrade {
  return {
    connectionId: 'c1',
    orders: { entry: '101', takeProfit: '102', stopLoss: '103' },
    leverage: 5,
    orderType: 'limit',
    execution: 'resting',
    filledPrice: null,
    filledSize: null,
    stopPrice: null,
    ...overrides,
  };
}

const resting = () => tradeFixture({ live: live() });
const filled = (overrides: Partial<LiveTrade> = {}) =>
  tradeFixture({
    live: live({ execution: 'open', filledPrice: price(61_012), filledSize: 0.0164, ...overrides }),
  });
const closedByExchange = () =>
  tradeFixture({
    status: 'TARGET_HIT',
    exitPrice: price(64_005),
    rMultiple: rMultiple(2.99),
    pnlUsd: usd(48.7),
    profitLoss: 2993,
    closedAt: '2026-01-05T12:00:00.000Z',
    verified: true,
    feesUsd: usd(0.52),
    live: live({ execution: 'closed', filledPrice: price(61_012), filledSize: 0.0164 }),
  });

type Routes = Record<string, (req: MockRequest) => MockReply>;

/** A signed-in trader whose journal holds `trades`; `routes` answer the actions. */
function server(trades: Trade[], routes: Routes = {}) {
  signIn();
  const bodies: Record<string, unknown> = {};
  let list = trades;
  const fetch = stubFetch((req) => {
    const key = `${req.method} ${req.path}`;
    if (req.path === '/users/me') return { status: 200, body: publicUser() };
    if (key === 'GET /trades') return { status: 200, body: list };
    if (key === 'GET /risk-management') return { status: 200, body: defaultRiskState(0) };
    const route = routes[key];
    if (!route) return { status: 404, body: errorBody('NOT_FOUND', key) };
    bodies[key] = req.body;
    return route(req);
  });
  return { fetch, bodies, setList: (next: Trade[]) => (list = next) };
}

async function openRow(name = 'BTCUSDT Long, OPEN') {
  const view = renderWithProviders(<TradeHistoryDialog onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Trade History' });
  const row = await within(dialog).findByRole('listitem', { name });
  return { ...view, dialog, row };
}

async function confirmWith(user: ReturnType<typeof renderWithProviders>['user'], label: string) {
  const confirm = await screen.findByRole('alertdialog');
  await user.click(within(confirm).getByRole('button', { name: label }));
  return confirm;
}

beforeEach(() => resetLocalJournal());

describe('a placed trade on its Trade History card', () => {
  it('resting: the entry, take profit and stop resting on the exchange; Cancel entry only', async () => {
    server([resting()]);
    const { row } = await openRow();
    expect(row).toHaveTextContent('Hyperliquid · Limit · 5x');
    expect(row).toHaveTextContent('Entry resting at 61,000');
    expect(row).toHaveTextContent('TP resting at 64,000 · SL resting at 60,000');
    expect(within(row).getByRole('button', { name: 'Cancel entry' })).toBeEnabled();
    expect(within(row).queryByRole('button', { name: 'Close at market' })).not.toBeInTheDocument();
    expect(within(row).queryByText('Verified')).not.toBeInTheDocument();
  });

  it('open: the fill and a moved stop; Move stop to break-even and Close at market', async () => {
    server([filled({ stopPrice: price(60_500) })]);
    const { row } = await openRow();
    expect(row).toHaveTextContent('Entry filled at 61,012');
    expect(row).toHaveTextContent('TP resting at 64,000 · SL resting at 60,500 (moved)');
    expect(within(row).getByRole('button', { name: 'Move stop to break-even' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Close at market' })).toBeEnabled();
    expect(within(row).queryByRole('button', { name: 'Cancel entry' })).not.toBeInTheDocument();
  });

  it('closed from fills: exit and fees, R and P/L, and a Verified badge', async () => {
    server([closedByExchange()]);
    const { row } = await openRow('BTCUSDT Long, WIN');
    expect(row).toHaveTextContent('Closed by the exchange at 64,005 · fees $0.52');
    expect(row).toHaveTextContent('+2.99R');
    expect(row).toHaveTextContent('+$48.70');
    const badge = within(row).getByText('Verified');
    expect(badge.closest('.badge')).toHaveTextContent(`Verified: ${liveTexts.verifiedTitle}`);
    expect(within(row).queryByRole('button', { name: 'Close at market' })).not.toBeInTheDocument();
  });

  it('closed from fills with funding: says what the position paid while it was open', async () => {
    server([{ ...closedByExchange(), fundingUsd: usd(-0.13) }]);
    const { row } = await openRow('BTCUSDT Long, WIN');
    expect(row).toHaveTextContent(
      'Closed by the exchange at 64,005 · fees $0.52 · funding paid $0.13',
    );
  });

  it("writes a placed trade's averaged prices at its market's precision", async () => {
    const eth = {
      ...closedByExchange(),
      pair: 'ETH-USD',
      entryPrice: price(4350),
      stopLoss: price(4300),
      takeProfit: price(4500),
      exitPrice: price(4409.71234),
    };
    server([eth], {
      'GET /exchange/markets': () => ({
        status: 200,
        body: {
          success: true,
          data: [
            {
              id: 'ETH',
              symbol: 'ETH-USD',
              base: 'ETH',
              quote: 'USD',
              assetId: 1,
              sizeDecimals: 4,
            },
          ],
        },
      }),
    });
    const { row } = await openRow('ETH-USD Long, WIN');
    // ETH's szDecimals 4: 5 significant figures, at most 2 decimals.
    await waitFor(() => expect(row).toHaveTextContent('Closed by the exchange at 4,409.7 · fees'));
  });

  it('Cancel entry asks, POSTs cancel-entry and the trade leaves the list', async () => {
    const { fetch, setList } = server([resting()], {
      'POST /trades/t1/cancel-entry': () => {
        setList([]);
        return { status: 204 };
      },
    });
    const { user, row, dialog } = await openRow();
    await user.click(within(row).getByRole('button', { name: 'Cancel entry' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(liveTexts.confirmCancelEntry);
    await user.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(calls(fetch)).not.toContain('POST /api/trades/t1/cancel-entry');
    await user.click(within(row).getByRole('button', { name: 'Cancel entry' }));
    await confirmWith(user, 'Cancel entry');
    expect(await within(dialog).findByText('No trades recorded yet')).toBeVisible();
    expect(calls(fetch)).toContain('POST /api/trades/t1/cancel-entry');
  });

  it('a refused cancel shows the server’s message on the card', async () => {
    server([resting()], {
      'POST /trades/t1/cancel-entry': () => ({
        status: 409,
        body: errorBody(
          'CONFLICT',
          'The entry has already filled: close the position at market instead.',
        ),
      }),
    });
    const { user, row } = await openRow();
    await user.click(within(row).getByRole('button', { name: 'Cancel entry' }));
    await confirmWith(user, 'Cancel entry');
    expect(await within(row).findByRole('alert')).toHaveTextContent(
      'The entry has already filled: close the position at market instead.',
    );
  });

  it('Move stop to break-even POSTs the entry fill as the new stop', async () => {
    const moved = filled({ stopPrice: price(61_012) });
    const { bodies, setList } = server([filled()], {
      'POST /trades/t1/stop': () => {
        setList([moved]);
        return { status: 200, body: { trade: moved } };
      },
    });
    const { user, row } = await openRow();
    await user.click(within(row).getByRole('button', { name: 'Move stop to break-even' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      liveTexts.confirmMoveStop('61,012'),
    );
    await confirmWith(user, 'Move stop to break-even');
    await waitFor(() => expect(row).toHaveTextContent('SL resting at 61,012 (moved)'));
    expect(bodies['POST /trades/t1/stop']).toEqual({ stopLoss: 61_012 });
    // Already at break-even: nothing more to move.
    expect(within(row).getByRole('button', { name: 'Move stop to break-even' })).toBeDisabled();
  });

  it('Close at market POSTs close-market and shows the verified close', async () => {
    const closed = closedByExchange();
    let answer: (reply: { status: number; body?: unknown }) => void = () => {};
    const { fetch, setList } = server([filled()], {
      'POST /trades/t1/close-market': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const { user, dialog } = await openRow();
    const row = within(dialog).getByRole('listitem', { name: 'BTCUSDT Long, OPEN' });
    await user.click(within(row).getByRole('button', { name: 'Close at market' }));
    await confirmWith(user, 'Close at market');
    // On its way: the button says so and nothing else can be sent meanwhile.
    const closing = await within(row).findByRole('button', { name: 'Closing...' });
    expect(closing).toHaveAttribute('aria-busy', 'true');
    expect(within(row).getByRole('button', { name: 'Move stop to break-even' })).toBeDisabled();
    setList([closed]);
    answer({ status: 200, body: { trade: closed, stats: defaultRiskState(0) } });
    const won = await within(dialog).findByRole('listitem', { name: 'BTCUSDT Long, WIN' });
    expect(won).toHaveTextContent('Closed by the exchange at 64,005 · fees $0.52');
    expect(within(won).getByText('Verified')).toBeVisible();
    expect(calls(fetch)).toContain('POST /api/trades/t1/close-market');
  });

  it('each click sends its own Idempotency-Key, so the server acts once per click', async () => {
    const keys: (string | null)[] = [];
    server([filled()], {
      'POST /trades/t1/close-market': (req) => {
        keys.push(req.headers.get('Idempotency-Key'));
        return {
          status: 503,
          body: errorBody('ORDER_UNCONFIRMED', 'The exchange did not confirm the close.'),
        };
      },
    });
    const { user, row } = await openRow();
    for (let click = 0; click < 2; click++) {
      await user.click(within(row).getByRole('button', { name: 'Close at market' }));
      await confirmWith(user, 'Close at market');
      await within(row).findByText(/The exchange did not confirm the close/);
    }
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('a hand close of a live trade asks first; Cancel sends nothing, Confirm closes it', async () => {
    const { fetch } = server([filled()], {
      'POST /trades/t1/exits': () => ({
        status: 200,
        body: {
          trade: tradeFixture({
            status: 'TARGET_HIT',
            rMultiple: rMultiple(3),
            live: filled().live,
          }),
          stats: defaultRiskState(0),
        },
      }),
    });
    const { user, row, dialog } = await openRow();
    await user.click(within(row).getByRole('button', { name: 'Target Hit' }));
    const ask = await screen.findByRole('dialog', { name: 'Close BTCUSDT Long' });
    expect(ask).toHaveTextContent(
      'This trade is live on Hyperliquid. Closing it here does not close your position, and the trade will be recorded as unverified.',
    );
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetch)).not.toContain('POST /api/trades/t1/exits');
    await user.click(within(row).getByRole('button', { name: 'Stoploss Hit' }));
    const close = await screen.findByRole('dialog', { name: 'Close BTCUSDT Long' });
    await user.click(within(close).getByRole('button', { name: 'Close trade' }));
    const won = await within(dialog).findByRole('listitem', { name: 'BTCUSDT Long, WIN' });
    expect(won).toHaveTextContent(liveTexts.closedByHand);
    expect(within(won).queryByText('Verified')).not.toBeInTheDocument();
    expect(calls(fetch)).toContain('POST /api/trades/t1/exits');
  });

  it('a trade that was never placed has no live warning; its close is sent once confirmed', async () => {
    const { fetch } = server([tradeFixture()], {
      'POST /trades/t1/exits': () => ({
        status: 200,
        body: { trade: tradeFixture({ status: 'TARGET_HIT' }), stats: defaultRiskState(0) },
      }),
    });
    const { user, row } = await openRow();
    await user.click(within(row).getByRole('button', { name: 'Target Hit' }));
    const close = await screen.findByRole('dialog', { name: 'Close BTCUSDT Long' });
    expect(close).not.toHaveTextContent(/live on Hyperliquid/);
    expect(calls(fetch)).not.toContain('POST /api/trades/t1/exits');
    await user.click(within(close).getByRole('button', { name: 'Close trade' }));
    await waitFor(() => expect(calls(fetch)).toContain('POST /api/trades/t1/exits'));
  });
});
