import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  defaultRiskState,
  GRASS_PROMPT_DELAY_MS,
  riskStateForDay,
  stoplossTexts,
  type RiskState,
} from '@tb/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLocalJournal } from '@/features/journal';
import { errorBody, stubFetch } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import { OFF_PLAN_HINT } from './daily-stats-section';
import { RiskSidebar } from './risk-sidebar';

/** 10:00 UTC on a Monday: the trading day (UTC, the browser's zone here) ends at 00:00. */
const T0 = Date.parse('2026-01-05T10:00:00.000Z');
const MIN = 60_000;

/** Today's risk state (its trading day begun at T0), changed by `change`. */
function today(change: (risk: RiskState) => void = () => {}): RiskState {
  const risk = structuredClone(riskStateForDay(defaultRiskState(T0), T0, 'UTC'));
  change(risk);
  return risk;
}

function storeRisk(change?: (risk: RiskState) => void) {
  localStorage.setItem('riskState', JSON.stringify(today(change)));
  resetLocalJournal();
}

/** Three stoplosses today, the third `minutesAgo` before T0. */
const threeStoplosses = (minutesAgo: number) => (risk: RiskState) => {
  risk.slTaken = 3;
  risk.dailyStats.losses = 3;
  risk.tradingDay!.thirdStoplossAt = new Date(T0 - minutesAgo * MIN).toISOString();
};

const renderSidebar = () =>
  renderWithProviders(<RiskSidebar collapsed={false} onToggle={() => {}} />);
const daily = () =>
  within(screen.getByRole('heading', { name: 'Daily Stats' }).closest('section')!);
const fact = (term: string) =>
  daily().getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

/** Hovers the counter and waits the 2 s until the grass question would appear. */
function hoverCounter() {
  fireEvent.mouseEnter(screen.getByRole('button', { name: 'Session ended' }).parentElement!);
  act(() => vi.advanceTimersByTime(GRASS_PROMPT_DELAY_MS));
}

beforeEach(() => {
  // Only the clock is fixed; timers stay real unless a test fakes them.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  resetLocalJournal();
});
afterEach(() => vi.useRealTimers());

describe('risk sidebar', () => {
  it.each([
    [0, 'No SL taken'],
    [1, '1 SL taken'],
    [2, '2 SL taken'],
    [3, 'Session ended'],
  ])('slTaken %i reads "%s"', (slTaken, label) => {
    storeRisk((risk) => {
      risk.slTaken = slTaken;
    });
    renderSidebar();
    expect(screen.getByRole('button', { name: label })).toBeVisible();
  });

  it('shows assets, the streak label, percentage and bar from core', () => {
    storeRisk((risk) => {
      risk.tradeStreak = 2;
    });
    renderSidebar();
    expect(screen.getByText('$10,000')).toBeVisible();
    expect(screen.getByText('$1,400')).toBeVisible();
    expect(screen.getByText('HOT streak')).toBeVisible();
    expect(screen.getByText('14%')).toBeVisible();
    expect(screen.getByRole('meter', { name: 'Streak' })).toHaveAttribute('aria-valuenow', '83.34');
  });

  it('daily stats: trades opened today out of the max, net realised loss out of the limit, P/L in USD', () => {
    storeRisk((risk) => {
      risk.dailyStats = { ...risk.dailyStats, trades: 2, wins: 1, losses: 1 };
      risk.dailyStats.dailyProfit = 20.5;
      risk.dailyStats.dailyLoss = 200.5;
      risk.dailyStats.dailyR = 1;
    });
    renderSidebar();
    expect(fact('Trades')).toHaveTextContent('2/3');
    expect(fact('R')).toHaveTextContent('+1.00R');
    expect(fact('Net loss')).toHaveTextContent('$180 / $500');
    expect(fact('P/L')).toHaveTextContent('-$180.00');
    expect(fact('Wins')).toHaveTextContent('1');
    expect(fact('Losses')).toHaveTextContent('1');
    expect(screen.queryByText(/Session ended\./)).not.toBeInTheDocument();
  });

  it('daily stats: trades taken outside the plan are shown apart, only when there were some', () => {
    renderSidebar();
    expect(screen.queryByText('Off-plan')).not.toBeInTheDocument();
    cleanup();
    storeRisk((risk) => {
      risk.dailyStats = { ...risk.dailyStats, trades: 2, losses: 1, dailyLoss: 12.4 };
      risk.dailyStats.offPlanTrades = 1;
      risk.dailyStats.offPlanPnlUsd = -12.4;
    });
    renderSidebar();
    expect(fact('Off-plan')).toHaveTextContent('1 · -$12.40');
    expect(fact('Off-plan')).toHaveAccessibleDescription(OFF_PLAN_HINT);
    expect(fact('Trades')).toHaveTextContent('2/3');
  });

  it('a new trading day starts the daily counters again', () => {
    storeRisk((risk) => {
      risk.dailyStats.trades = 3;
      risk.slTaken = 2;
    });
    vi.setSystemTime(Date.parse('2026-01-06T00:00:01.000Z'));
    renderSidebar();
    expect(fact('Trades')).toHaveTextContent('0/3');
    expect(screen.getByRole('button', { name: 'No SL taken' })).toBeVisible();
  });

  it('edits the daily limits within bounds: tighter at once, looser from tomorrow', () => {
    storeRisk((risk) => {
      risk.dailyStats.trades = 1;
    });
    renderSidebar();
    fireEvent.click(screen.getByRole('button', { name: 'Edit daily limits' }));
    const trades = screen.getByLabelText('Max trades per day');
    const loss = screen.getByLabelText('Max daily loss ($)');
    fireEvent.change(trades, { target: { value: '25' } });
    fireEvent.change(loss, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(trades).toHaveAccessibleDescription('Max trades per day must be at most 20');
    expect(loss).toHaveAccessibleDescription('Max daily loss must be at least $1');

    fireEvent.change(trades, { target: { value: '2' } });
    fireEvent.change(loss, { target: { value: '800' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fact('Trades')).toHaveTextContent('1/2');
    expect(fact('Net loss')).toHaveTextContent('$0 / $500$800 from tomorrow');
    const stored = JSON.parse(localStorage.getItem('riskState') ?? '{}') as RiskState;
    expect(stored.settings).toEqual({ maxDailyLoss: 500, maxTradesPerDay: 2 });
    expect(stored.pendingSettings).toEqual({ maxDailyLoss: 800, maxTradesPerDay: 2 });

    fireEvent.click(screen.getByRole('button', { name: 'Edit daily limits' }));
    fireEvent.change(screen.getByLabelText('Max trades per day'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fact('Trades')).toHaveTextContent('1/25 from tomorrow');
  });

  it('edits the account size and trade size, refusing a size that is not positive', () => {
    storeRisk();
    renderSidebar();
    fireEvent.click(screen.getByRole('button', { name: 'Edit assets' }));
    fireEvent.change(screen.getByLabelText('Account size ($)'), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Account size must be greater than 0')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Account size ($)'), { target: { value: '25000' } });
    fireEvent.change(screen.getByLabelText('Trade size ($)'), { target: { value: '2500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('$25,000')).toBeVisible();
    expect(screen.getByText('$2,500')).toBeVisible();
    expect(JSON.parse(localStorage.getItem('riskState') ?? '{}')).toMatchObject({
      accountSize: 25000,
      baseTradeSize: 2500,
    });
  });

  it('collapses with a button that reports aria-expanded', () => {
    const onToggle = vi.fn();
    renderWithProviders(<RiskSidebar collapsed onToggle={onToggle} />);
    const toggle = screen.getByRole('button', { name: 'Open risk sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(onToggle).toHaveBeenCalledOnce();
    expect(screen.queryByText('Assets')).not.toBeVisible();
  });

  it('reaching the daily loss limit ends the session: it says why and when trading opens again', () => {
    storeRisk((risk) => {
      risk.dailyStats.losses = 2;
      risk.dailyStats.dailyLoss = 500;
    });
    renderSidebar();
    const status = screen.getByText('Session ended', { selector: 'strong' }).closest('[role]')!;
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveTextContent(
      'You have reached your daily loss limit of $500. Trading opens again tomorrow at 00:00 (UTC).',
    );
    // Not a stoploss lock: the counter offers no grass reset.
    expect(screen.getByRole('button', { name: 'No SL taken' })).toBeVisible();
  });
});

describe('stoploss counter and the grass reset', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(T0);
  });

  it('at 3: hover says session ended, 2 s later asks about grass; No closes, Yes resets after the cooldown', async () => {
    storeRisk(threeStoplosses(61));
    renderSidebar();
    const counter = screen.getByRole('button', { name: 'Session ended' });
    fireEvent.mouseEnter(counter.parentElement!);
    expect(screen.getByRole('tooltip')).toHaveTextContent(stoplossTexts.sessionEndedHover);
    act(() => vi.advanceTimersByTime(GRASS_PROMPT_DELAY_MS - 1));
    expect(screen.queryByText(stoplossTexts.grassPrompt)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(stoplossTexts.grassPrompt)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.queryByText(stoplossTexts.grassPrompt)).not.toBeInTheDocument();

    fireEvent.focus(screen.getByRole('button', { name: 'Session ended' }));
    act(() => vi.advanceTimersByTime(GRASS_PROMPT_DELAY_MS));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes' })));
    expect(screen.getByRole('button', { name: 'No SL taken' })).toBeVisible();
    expect(JSON.parse(localStorage.getItem('riskState') ?? '{}')).toMatchObject({ slTaken: 0 });
  });

  it('before the cooldown, Yes says when the session reopens and resets nothing', async () => {
    storeRisk(threeStoplosses(25));
    renderSidebar();
    hoverCounter();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes' })));
    const prompt = screen.getByRole('dialog', { name: stoplossTexts.grassPrompt });
    expect(within(prompt).getByRole('status')).toHaveTextContent(
      'Not yet — the session reopens at 10:35 (UTC).',
    );
    expect(screen.getByRole('button', { name: 'Session ended' })).toBeVisible();
    expect(JSON.parse(localStorage.getItem('riskState') ?? '{}')).toMatchObject({ slTaken: 3 });
  });

  it('signed in: a 409 COOLDOWN answer shows its message in the prompt', async () => {
    signIn();
    const risk = today(threeStoplosses(61));
    stubFetch(({ path }) => {
      if (path === '/users/me') return { status: 200, body: publicUser() };
      if (path === '/users/exchanges')
        return { status: 200, body: { success: true, exchanges: [] } };
      if (path === '/risk-management') return { status: 200, body: risk };
      if (path === '/risk-management/reset-sl') {
        return {
          status: 409,
          body: {
            error: {
              ...errorBody('COOLDOWN', 'Not yet — the session reopens at 14:35 (UTC).').error,
              reason: 'STOPLOSSES',
              reopensAt: '2026-01-05T14:35:00.000Z',
            },
          },
        };
      }
      return { status: 404 };
    });
    // Real timers for the requests and the 2 s prompt delay; the clock stays at T0.
    vi.useRealTimers();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    renderSidebar();
    await screen.findByRole('button', { name: 'Session ended' });
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Session ended' }).parentElement!);
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }, { timeout: 3_000 }));
    const prompt = screen.getByRole('dialog', { name: stoplossTexts.grassPrompt });
    await waitFor(() =>
      expect(within(prompt).getByRole('status')).toHaveTextContent(
        'Not yet — the session reopens at 14:35 (UTC).',
      ),
    );
    expect(screen.getByRole('button', { name: 'Session ended' })).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Notifications' })).queryByText(/Not yet/),
    ).not.toBeInTheDocument();
  });

  it('no grass question once it was used today: the session stays ended until tomorrow', () => {
    storeRisk((risk) => {
      threeStoplosses(30)(risk);
      risk.tradingDay!.grassResetAt = new Date(T0 - 3 * 60 * MIN).toISOString();
    });
    renderSidebar();
    hoverCounter();
    expect(screen.getByRole('tooltip')).toHaveTextContent(stoplossTexts.sessionEndedHover);
    expect(screen.queryByText(stoplossTexts.grassPrompt)).not.toBeInTheDocument();
    expect(screen.getByText(/Trading opens again tomorrow at 00:00 \(UTC\)\.$/)).toBeVisible();
  });
});
