import { screen, waitFor, within } from '@testing-library/react';
import {
  confirmMessages,
  defaultBingoState,
  defaultRiskState,
  stoplossTexts,
  type BingoState,
  type Trade,
} from '@tb/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLocalJournal } from '@/features/journal';
import { calls, errorBody, stubFetch, type MockRequest } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import { tradeFixture } from '@/test/trade-fixture';
import { TradeDetailsWidget } from './trade-details-widget';

const today = () => new Date().toISOString().slice(0, 10);

function boardWithScore(score: number): BingoState {
  const state = defaultBingoState('b1', Date.now());
  state.bingoPages[0]!.bingoCells[0] = { id: 0, title: 'Plan', points: score, selected: true };
  return state;
}

function storeScore(score: number) {
  localStorage.setItem('bingoState', JSON.stringify(boardWithScore(score)));
  resetLocalJournal();
}

function storeRisk(change: (risk: ReturnType<typeof defaultRiskState>) => void) {
  const risk = defaultRiskState(Date.now());
  risk.dailyStats.lastTradeDate = today();
  change(risk);
  localStorage.setItem('riskState', JSON.stringify(risk));
  resetLocalJournal();
}

type User = ReturnType<typeof renderWithProviders>['user'];

async function planLong(user: User) {
  await user.click(screen.getByRole('button', { name: 'Long' }));
  await user.type(screen.getByLabelText('Stoploss'), '100');
  await user.type(screen.getByLabelText('Entry'), '110');
}

const summary = () => screen.getByLabelText('Trade summary');
const fact = (term: string) =>
  within(summary()).getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

beforeEach(() => resetLocalJournal());

describe('trade details widget', () => {
  it('defaults to Short with number inputs from core and Save disabled until valid', async () => {
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    expect(screen.getByRole('button', { name: 'Short', pressed: true })).toBeVisible();
    const stop = screen.getByLabelText('Stoploss');
    expect(stop).toHaveAttribute('type', 'number');
    // Any precision: a DOGE price like 0.19325 is a valid value, not off a 0.0001 step.
    expect(stop).toHaveAttribute('step', 'any');
    expect(stop).toHaveAttribute('min', '0');
    expect(stop).toHaveAttribute('placeholder', '0.00');
    expect(screen.getByRole('button', { name: 'Save Short trade' })).toBeDisabled();
    await user.type(stop, '110');
    expect(screen.getByRole('button', { name: 'Save Short trade' })).toBeDisabled();
    await user.type(screen.getByLabelText('Entry'), '100');
    expect(screen.getByRole('button', { name: 'Save Short trade' })).toBeEnabled();
  });

  it("computes a small coin's target at its prices' precision, keeping the tier's R/R", async () => {
    storeScore(6);
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await user.click(screen.getByRole('button', { name: 'Long' }));
    await user.type(screen.getByLabelText('Stoploss'), '0.0122');
    await user.type(screen.getByLabelText('Entry'), '0.012345');
    // 0.012345 + 2 × 0.000145, not cut to 4 decimals (0.0126 would be 1.76R).
    expect(screen.getByLabelText('Target')).toHaveValue(0.012635);
    expect(screen.getByLabelText('Risk/reward')).toHaveTextContent('2.00');
  });

  it('shows the pair, size and risk in USD and % of account, and the R/R before saving', async () => {
    storeScore(6);
    localStorage.setItem('lastSymbol', 'ETHUSDT');
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    expect(screen.getByTestId('trade-pair')).toHaveTextContent('ETHUSDT');
    await planLong(user);
    expect((screen.getByLabelText('Target') as HTMLInputElement).value).toBe('130');
    expect(screen.getByLabelText('Risk/reward')).toHaveTextContent('2.00');
    expect(summary()).toHaveAttribute('aria-live', 'polite');
    expect(fact('Size')).toHaveTextContent('$1,000');
    // $1,000 at 110 is 9.09 units; the stop 10 below loses $90.91, 0.91 % of $10,000.
    expect(fact('Risk')).toHaveTextContent('$90.91 (0.91% of account)');
    expect(screen.getByRole('button', { name: 'Save Long trade' })).toBeEnabled();
  });

  it('"Did you mean Long?" switches the side when the stop is below the entry of a short', async () => {
    storeScore(6);
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await user.type(screen.getByLabelText('Stoploss'), '100');
    await user.type(screen.getByLabelText('Entry'), '110');
    expect(screen.getByRole('button', { name: 'Save Short trade' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Did you mean Long?' }));
    expect(screen.getByRole('button', { name: 'Long', pressed: true })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Did you mean/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Risk/reward')).toHaveTextContent('2.00');
    expect(screen.getByRole('button', { name: 'Save Long trade' })).toBeEnabled();
  });

  it('asks before a manual target; declining keeps it computed, disabling recalculates', async () => {
    storeScore(6);
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await planLong(user);
    const target = screen.getByLabelText('Target');
    await user.click(target);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Would you like to manually set it?');
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(target).toHaveAttribute('readonly');
    await user.click(target);
    await user.click(screen.getByRole('button', { name: 'Yes, set it' }));
    expect(target).not.toHaveAttribute('readonly');
    await user.clear(target);
    await user.type(target, '125');
    expect(screen.getByLabelText('Risk/reward')).toHaveTextContent('1.50');
    await user.type(target, '{Backspace}{Backspace}{Backspace}05');
    expect(screen.getByText('For a long trade the target must be above the entry')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Auto target' }));
    expect((target as HTMLInputElement).value).toBe('130');
  });

  it('sizes down but never up', async () => {
    storeScore(6);
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await planLong(user);
    const size = screen.getByLabelText('Size ($)');
    expect(size).toHaveAttribute('placeholder', '1000');
    await user.type(size, '1500');
    // Core's sentence, the one the server answers with.
    expect(size).toHaveAccessibleDescription(
      'Trade size $1,500 is above the suggested $1,000 for your streak: size down, never up.',
    );
    expect(screen.getByRole('button', { name: 'Save Long trade' })).toBeDisabled();
    await user.clear(size);
    await user.type(size, '0');
    expect(size).toHaveAccessibleDescription('Trade size must be above $0');
    await user.clear(size);
    await user.type(size, '550');
    expect(fact('Risk')).toHaveTextContent('$50');
    expect(screen.getByRole('button', { name: 'Save Long trade' })).toBeEnabled();
  });

  it('saves the same facts in the browser: pair, idea, cells, size and risk; confirms; keeps the pair', async () => {
    storeScore(6);
    localStorage.setItem('lastSymbol', 'ETHUSDT');
    localStorage.setItem('tradeIdea', 'Retest of the range high');
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await planLong(user);
    await user.type(screen.getByLabelText('Size ($)'), '500');
    await user.click(screen.getByRole('button', { name: 'Save Long trade' }));
    expect(await screen.findByText('Long ETHUSDT saved')).toBeVisible();
    expect(screen.getByLabelText('Stoploss')).toHaveValue(null);
    expect(screen.getByLabelText('Size ($)')).toHaveValue(null);
    expect(screen.getByTestId('trade-pair')).toHaveTextContent('ETHUSDT');
    const [saved] = JSON.parse(localStorage.getItem('trades') ?? '[]') as Trade[];
    expect(saved).toMatchObject({
      pair: 'ETHUSDT',
      isLong: true,
      stopLoss: 100,
      entryPrice: 110,
      takeProfit: 130,
      notes: 'Retest of the range high',
      status: 'OPEN',
      score: 6,
      tier: 2,
      cells: [{ index: 0, title: 'Plan', points: 6 }],
      targetManual: false,
      sizeUsd: 500,
      riskUsd: 45.454545,
      sizeEstimated: false,
      streakAtOpen: 0,
      accountSizeAtOpen: 10_000,
    });
    expect(JSON.parse(localStorage.getItem('riskState') ?? '{}').dailyStats.trades).toBe(1);
  });

  it('while the session is ended, Save is disabled and the form says why and when it reopens', async () => {
    storeScore(6);
    storeRisk((risk) => {
      risk.dailyStats.trades = 3;
    });
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await planLong(user);
    const save = screen.getByRole('button', { name: 'Save Long trade' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(
      /You have reached your limit of 3 trades for today\. Trading opens again tomorrow at 00:00 \(UTC\)\./,
    );
  });

  it('manages saved trades in the Trade History: +R and +$ on a target hit', async () => {
    storeScore(6);
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await planLong(user);
    await user.click(screen.getByRole('button', { name: 'Save Long trade' }));
    expect(screen.getByRole('button', { name: /^Trade History 1/ })).toBeVisible();

    await user.click(screen.getByRole('button', { name: /Trade History/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade History' });
    const row = within(dialog).getByRole('listitem', { name: 'BTCUSDT Long, OPEN' });
    expect(within(row).getByText('2.00')).toBeVisible();
    expect(within(row).getByText('$90.91')).toBeVisible();
    await user.click(within(row).getByRole('button', { name: 'Target Hit' }));
    const close = await screen.findByRole('dialog', { name: 'Close BTCUSDT Long' });
    await user.click(within(close).getByRole('button', { name: 'Close trade' }));
    const won = await within(dialog).findByRole('listitem', { name: 'BTCUSDT Long, WIN' });
    expect(within(won).getByText('+2.00R')).toBeVisible();
    expect(within(won).getByText('+$181.82')).toBeVisible();
    expect(within(won).queryByRole('button', { name: 'Stoploss Hit' })).not.toBeInTheDocument();
    // The badge counts every trade: a closed one is still 1, never 0 beside it.
    const history = screen
      .getAllByRole('button', { hidden: true })
      .find((button) => button.textContent?.startsWith('Trade History'));
    expect(history).toHaveTextContent('Trade History 1 trades, 0 open');

    await user.click(within(dialog).getByRole('button', { name: 'Clear history' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(confirmMessages.clearHistory);
    await user.click(within(confirm).getByRole('button', { name: 'Clear' }));
    expect(await within(dialog).findByText('No trades recorded yet')).toBeVisible();
  });

  it('saving an edit in the Trade History does not also save the trade being typed', async () => {
    storeScore(6);
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await planLong(user);
    await user.click(screen.getByRole('button', { name: 'Save Long trade' }));
    await planLong(user);
    await user.click(screen.getByRole('button', { name: /Trade History/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade History' });
    await user.click(within(dialog).getByRole('button', { name: 'Edit BTCUSDT Long' }));
    const edit = within(dialog).getByRole('form', { name: 'Edit trade' });
    await user.type(within(edit).getByLabelText('Notes'), 'Moved nothing');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByText('Moved nothing')).toBeVisible());
    expect(JSON.parse(localStorage.getItem('trades') ?? '[]')).toHaveLength(1);
  });

  it('deletes a trade only after confirming', async () => {
    storeScore(6);
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await planLong(user);
    await user.click(screen.getByRole('button', { name: 'Save Long trade' }));
    await user.click(screen.getByRole('button', { name: /Trade History/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade History' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete BTCUSDT Long' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(confirmMessages.deleteTrade);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('No trades recorded yet')).toBeVisible();
  });

  it('blocks a fourth stoploss with the session-ended message', async () => {
    storeScore(6);
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await planLong(user);
    await user.click(screen.getByRole('button', { name: 'Save Long trade' }));
    const trades = localStorage.getItem('trades');
    storeRisk((risk) => {
      risk.slTaken = 3;
    });
    expect(localStorage.getItem('trades')).toBe(trades);
    await user.click(screen.getByRole('button', { name: /Trade History/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade History' });
    await user.click(within(dialog).getByRole('button', { name: 'Stoploss Hit' }));
    const close = await screen.findByRole('dialog', { name: 'Close BTCUSDT Long' });
    await user.click(within(close).getByRole('button', { name: 'Close trade' }));
    expect(await screen.findByText(stoplossTexts.sessionEndedAlert)).toBeVisible();
    // The close dialog stays open with what was typed; the trade stays OPEN.
    await user.click(within(close).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('listitem', { name: 'BTCUSDT Long, OPEN' })).toBeVisible(),
    );
  });
});

describe('trade details widget, signed in', () => {
  function server(onPost: (req: MockRequest) => { status: number; body?: unknown }) {
    signIn();
    const posts: unknown[] = [];
    const fetch = stubFetch((req) => {
      const { path, method } = req;
      if (path === '/users/me') return { status: 200, body: publicUser() };
      if (path === '/users/exchanges')
        return { status: 200, body: { success: true, exchanges: [] } };
      if (path === '/bingo/card') {
        return { status: 200, body: { success: true, data: boardWithScore(6) } };
      }
      if (path === '/risk-management') return { status: 200, body: defaultRiskState(Date.now()) };
      if (path === '/trades' && method === 'GET') return { status: 200, body: [] };
      if (path === '/trades' && method === 'POST') {
        posts.push(req.body);
        return onPost(req);
      }
      return { status: 404 };
    });
    return { fetch, posts };
  }

  it('POSTs the typed pair, the idea as notes, the size and whether the target was set by hand', async () => {
    localStorage.setItem('lastSymbol', 'SOLUSDT');
    localStorage.setItem('tradeIdea', 'Range breakout, volume confirms');
    const { fetch, posts } = server((req) => ({
      status: 201,
      body: tradeFixture({ ...(req.body as Partial<Trade>), id: 's9' }),
    }));
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await waitFor(() => expect(screen.getByText('tier 2R', { exact: false })).toBeVisible());
    await planLong(user);
    await user.click(screen.getByLabelText('Target'));
    await user.click(screen.getByRole('button', { name: 'Yes, set it' }));
    await user.clear(screen.getByLabelText('Target'));
    await user.type(screen.getByLabelText('Target'), '135');
    await user.type(screen.getByLabelText('Size ($)'), '800');
    await user.click(screen.getByRole('button', { name: 'Save Long trade' }));
    expect(await screen.findByText('Long SOLUSDT saved')).toBeVisible();
    expect(posts).toEqual([
      {
        pair: 'SOLUSDT',
        isLong: true,
        stopLoss: 100,
        entryPrice: 110,
        takeProfit: 135,
        notes: 'Range breakout, volume confirms',
        sizeUsd: 800,
        targetManual: true,
        status: 'OPEN',
      },
    ]);
    // The server counted the trade for today: the risk state is read again.
    await waitFor(() =>
      expect(calls(fetch).filter((c) => c === 'GET /api/risk-management')).toHaveLength(2),
    );
    expect(screen.getByTestId('trade-pair')).toHaveTextContent('SOLUSDT');
  });

  it('sends the suggested size when none is typed, and a computed target as not manual', async () => {
    const { posts } = server(() => ({ status: 201, body: tradeFixture({ id: 's1' }) }));
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await waitFor(() => expect(screen.getByText('tier 2R', { exact: false })).toBeVisible());
    await planLong(user);
    await user.click(screen.getByRole('button', { name: 'Save Long trade' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      pair: 'BTCUSDT',
      notes: '',
      sizeUsd: 1000,
      targetManual: false,
      takeProfit: 130,
    });
  });

  it('a 403 SESSION_ENDED shows the server message and keeps the prices', async () => {
    server(() => ({
      status: 403,
      body: {
        error: {
          ...errorBody('SESSION_ENDED', 'You have reached your daily loss limit of $500.').error,
          reason: 'DAILY_LOSS',
          reopensAt: '2030-01-01T00:00:00.000Z',
        },
      },
    }));
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await waitFor(() => expect(screen.getByText('tier 2R', { exact: false })).toBeVisible());
    await planLong(user);
    await user.click(screen.getByRole('button', { name: 'Save Long trade' }));
    expect(
      await screen.findByText('You have reached your daily loss limit of $500.'),
    ).toBeVisible();
    expect(screen.getByLabelText('Stoploss')).toHaveValue(100);
    expect(screen.queryByText(/saved$/)).not.toBeInTheDocument();
  });
});
