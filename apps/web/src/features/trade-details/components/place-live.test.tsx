import { screen, waitFor, within } from '@testing-library/react';
import { defaultBingoState, defaultRiskState, type BingoState, type Trade } from '@tb/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLocalJournal } from '@/features/journal';
import { calls, errorBody, stubFetch, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import { tradeFixture } from '@/test/trade-fixture';
import { placeRefusals } from './place-live-button';
import { TradeDetailsWidget } from './trade-details-widget';

const connection = {
  id: 'c1',
  name: 'Hyperliquid',
  network: 'paper',
  connectedAt: '2026-01-01T00:00:00.000Z',
};
const markets = [
  {
    id: 'BTC',
    symbol: 'BTC-USD',
    base: 'BTC',
    quote: 'USD',
    assetId: 0,
    maxLeverage: 40,
    sizeDecimals: 5,
  },
];

function boardWithScore(score: number): BingoState {
  const state = defaultBingoState('b1', Date.now());
  state.bingoPages[0]!.bingoCells[0] = { id: 0, title: 'Plan', points: score, selected: true };
  return state;
}

interface ServerOptions {
  live?: boolean;
  risk?: ReturnType<typeof defaultRiskState>;
  /** The connection's USDC value; the balance read fails (404) when absent. */
  balance?: number;
  onPost?: (req: MockRequest) => MockReply;
}

/** A signed-in trader with a paper connection; live trading on unless `live: false`. */
function server({ live = true, risk, balance, onPost }: ServerOptions = {}) {
  signIn();
  if (live) localStorage.setItem('liveTradingEnabled', 'true');
  const posts: unknown[] = [];
  const fetch = stubFetch((req) => {
    const { path, method } = req;
    if (path === '/users/me') return { status: 200, body: publicUser() };
    if (path === '/users/settings' && method === 'GET') {
      return { status: 200, body: { liveTradingEnabled: live } };
    }
    if (path === '/users/exchanges') {
      return { status: 200, body: { success: true, exchanges: [connection] } };
    }
    if (path === '/exchange/markets')
      return { status: 200, body: { success: true, data: markets } };
    if (path === '/bingo/card') {
      return { status: 200, body: { success: true, data: boardWithScore(6) } };
    }
    if (path === '/risk-management') {
      return { status: 200, body: risk ?? defaultRiskState(Date.now()) };
    }
    if (path.startsWith('/exchange/account') && balance !== undefined) {
      const data = { free: {}, used: {}, total: {}, info: { usdcValue: balance } };
      return { status: 200, body: { success: true, data } };
    }
    if (path === '/trades' && method === 'GET') return { status: 200, body: [] };
    if (path === '/trades' && method === 'POST') {
      posts.push(req.body);
      return onPost ? onPost(req) : { status: 404 };
    }
    return { status: 404 };
  });
  return { fetch, posts };
}

type User = ReturnType<typeof renderWithProviders>['user'];

async function ready() {
  await waitFor(() => expect(screen.getByText('tier 2R', { exact: false })).toBeVisible());
}

async function planLong(user: User, stop = '100') {
  await user.click(screen.getByRole('button', { name: 'Long' }));
  if (stop) await user.type(screen.getByLabelText('Stoploss'), stop);
  await user.type(screen.getByLabelText('Entry'), '110');
}

const placeButton = () => screen.getByRole('button', { name: 'Place on Hyperliquid' });
const summaryFact = (dialog: HTMLElement, term: string) =>
  within(within(dialog).getByLabelText('Order summary')).getByText(term, { selector: 'dt' })
    .nextElementSibling as HTMLElement;

beforeEach(() => resetLocalJournal());

describe('one size rule with an exchange balance (issue 26)', () => {
  it('suggests and sends the balance-based size, naming the connection it came from', async () => {
    // Streak +1 on 10,036.94: round(10,036.94 × 12 %) = 1,204, not the stored base's 1,200.
    const risk = { ...defaultRiskState(Date.now()), tradeStreak: 1 };
    const { posts } = server({
      risk,
      balance: 10_036.94,
      onPost: (req) => ({
        status: 201,
        body: tradeFixture({ ...(req.body as Partial<Trade>), id: 't1', status: 'OPEN' }),
      }),
    });
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await ready();
    expect(await screen.findByText('Suggested $1,204')).toBeVisible();
    await planLong(user);
    await user.click(screen.getByRole('button', { name: 'Save Long trade' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ sizeUsd: 1204, connectionId: 'c1' });
  });
});

describe('Place on Hyperliquid', () => {
  it('is not offered while live trading is off, nor to a signed-out trader', async () => {
    server({ live: false });
    renderWithProviders(<TradeDetailsWidget />);
    await ready();
    expect(screen.queryByRole('button', { name: 'Place on Hyperliquid' })).not.toBeInTheDocument();
  });

  it('is refused without a stop, with the reason in view and as its description', async () => {
    server();
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await ready();
    expect(await screen.findByRole('button', { name: 'Place on Hyperliquid' })).toBeDisabled();
    await planLong(user, '');
    expect(placeButton()).toBeDisabled();
    expect(placeButton()).toHaveAccessibleDescription(placeRefusals.noStop);
    expect(screen.getByText(placeRefusals.noStop)).toBeVisible();
    await user.type(screen.getByLabelText('Stoploss'), '100');
    expect(placeButton()).toBeEnabled();
    expect(placeButton()).not.toHaveAccessibleDescription();
  });

  it('is refused above the suggested size with core’s sentence', async () => {
    server();
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await ready();
    await planLong(user);
    await user.type(screen.getByLabelText('Size ($)'), '1500');
    expect(placeButton()).toBeDisabled();
    expect(placeButton()).toHaveAccessibleDescription(
      'Trade size $1,500 is above the suggested $1,000 for your streak: size down, never up.',
    );
  });

  it('is refused while the session is locked', async () => {
    const risk = defaultRiskState(Date.now());
    risk.dailyStats.trades = 3;
    risk.dailyStats.lastTradeDate = new Date().toISOString().slice(0, 10);
    server({ risk });
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await waitFor(() => expect(screen.getByText('Session ended.')).toBeVisible());
    await planLong(user);
    expect(placeButton()).toBeDisabled();
    expect(placeButton()).toHaveAccessibleDescription(
      /You have reached your limit of 3 trades for today\./,
    );
    // Said once, by the form's lock notice.
    expect(screen.getAllByText(/limit of 3 trades/)).toHaveLength(1);
  });

  it('shows size, margin and the estimated liquidation, then POSTs the order type and leverage', async () => {
    const keys: (string | null)[] = [];
    const { posts, fetch } = server({
      onPost: (req) => {
        keys.push(req.headers.get('Idempotency-Key'));
        return {
          status: 201,
          body: tradeFixture({ ...(req.body as Partial<Trade>), id: 'live1' }),
        };
      },
    });
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await ready();
    await planLong(user);
    await user.click(placeButton());
    const dialog = await screen.findByRole('dialog', { name: 'Place on Hyperliquid' });
    // Live trading: the pair is the exchange's symbol.
    expect(dialog).toHaveTextContent('Long BTC-USD · entry 110 · stop 100 · target 130');
    // BTC allows 40x: the field says so once the market list is read; 5x by default.
    const leverage = await within(dialog).findByLabelText('Leverage (1–40x)');
    expect(leverage).toHaveValue(5);
    expect(within(dialog).getByRole('radio', { name: 'Limit at entry' })).toBeChecked();
    expect(summaryFact(dialog, 'Size')).toHaveTextContent('$1,000');
    expect(summaryFact(dialog, 'Margin')).toHaveTextContent('$200');
    // $1,000 at 110: 9.09091 BTC at BTC's 5 size decimals.
    expect(summaryFact(dialog, 'Quantity')).toHaveTextContent('9.09091 BTC');
    // By hand: move 9.090909 × 10 = $90.909; entry maker 1,000 × 0.015 % = $0.15; stop taker
    // 909.09 × 0.045 % = $0.409; slippage 909.09 × 0.1 % = $0.909: $92.377 at the stop.
    expect(summaryFact(dialog, 'Risk at the stop')).toHaveTextContent('$92.38');
    expect(summaryFact(dialog, 'Fees')).toHaveTextContent('$0.56');
    await user.click(within(dialog).getByRole('radio', { name: 'Market' }));
    // At market the entry pays the taker rate: $0.45, so $0.859 in fees and $92.677 at risk.
    expect(summaryFact(dialog, 'Fees')).toHaveTextContent('$0.86');
    expect(summaryFact(dialog, 'Risk at the stop')).toHaveTextContent('$92.68');
    await user.click(within(dialog).getByRole('radio', { name: 'Limit at entry' }));
    // 110 × (1 − 1/5 + 1/80) = 89.375, at BTC's precision (szDecimals 5: one decimal).
    expect(summaryFact(dialog, 'Liquidation (estimated)')).toHaveTextContent(/^89\.4$/);

    await user.clear(leverage);
    await user.type(leverage, '41');
    expect(within(dialog).getByText('Leverage must be a whole number from 1 to 40')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Place order' })).toBeDisabled();
    await user.clear(leverage);
    await user.type(leverage, '10');
    expect(summaryFact(dialog, 'Margin')).toHaveTextContent('$100');
    // 110 × (1 − 1/10 + 1/80) = 100.375: above the stop at 100.
    expect(summaryFact(dialog, 'Liquidation (estimated)')).toHaveTextContent('100.4');
    expect(within(dialog).getByText(/liquidation comes before your stop/)).toBeVisible();

    await user.click(within(dialog).getByRole('radio', { name: 'Market' }));
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Long BTC-USD placed on Hyperliquid')).toBeVisible();
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Place on Hyperliquid' }),
      ).not.toBeInTheDocument(),
    );
    expect(posts).toEqual([
      {
        pair: 'BTC-USD',
        isLong: true,
        stopLoss: 100,
        entryPrice: 110,
        takeProfit: 130,
        notes: '',
        sizeUsd: 1000,
        targetManual: false,
        status: 'OPEN',
        order: { type: 'market', leverage: 10 },
      },
    ]);
    // The click's own key: a retry of it can never place a second order.
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(screen.getByRole('button', { name: /Trade History 1/ })).toBeVisible();
    expect(screen.getByLabelText('Stoploss')).toHaveValue(null);
    await waitFor(() =>
      expect(calls(fetch).filter((c) => c === 'GET /api/risk-management')).toHaveLength(2),
    );
  });

  it('shows the exchange’s refusal and saves nothing', async () => {
    const { posts } = server({
      onPost: () => ({
        status: 422,
        body: errorBody('EXCHANGE_REJECTED', 'Order must have minimum value of $10.'),
      }),
    });
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await ready();
    await planLong(user);
    await user.click(placeButton());
    const dialog = await screen.findByRole('dialog', { name: 'Place on Hyperliquid' });
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Order must have minimum value of $10.',
    );
    expect(posts).toEqual([expect.objectContaining({ order: { type: 'limit', leverage: 5 } })]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: /Trade History 0/ })).toBeVisible();
    expect(screen.getByLabelText('Stoploss')).toHaveValue(100);
  });
});
