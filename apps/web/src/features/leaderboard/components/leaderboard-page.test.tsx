import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, stubFetch, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { renderApp, signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import type { LeaderboardEntry } from '../api';
import { LeaderboardPage } from './leaderboard-page';
import { verifiedTexts } from './verified-switch';

function trader(
  overrides: Partial<LeaderboardEntry> & Pick<LeaderboardEntry, 'id' | 'username'>,
): LeaderboardEntry {
  return {
    rank: 1,
    isPremium: false,
    totalTrades: 10,
    winrate: 50,
    totalGain: 0,
    riskRewardRatio: 1,
    avgR: 1,
    verified: false,
    ...overrides,
  };
}

const rows: LeaderboardEntry[] = [
  trader({
    id: 'a',
    username: 'ada',
    rank: 1,
    isPremium: true,
    verified: true,
    totalTrades: 12,
    winrate: 62.5,
    totalGain: 12.5,
    riskRewardRatio: 0.5,
    avgR: 3.2,
  }),
  trader({
    id: 'b',
    username: 'bob',
    rank: 2,
    totalTrades: 4,
    winrate: 33.333,
    totalGain: -3,
    riskRewardRatio: 4,
    avgR: 1.75,
  }),
  trader({
    id: 'c',
    username: 'cy',
    rank: 3,
    totalTrades: 1,
    winrate: 100,
    totalGain: 0,
    riskRewardRatio: 2,
    avgR: 1,
  }),
  trader({
    id: 'd',
    username: 'dee',
    rank: 4,
    totalTrades: 2,
    winrate: 0,
    totalGain: -40,
    riskRewardRatio: 1.2,
    avgR: -0.33,
  }),
];

function open(
  handler: (req: MockRequest) => MockReply = () => ({ status: 200, body: rows }),
  path = '/leaderboard',
) {
  const fetch = stubFetch(handler);
  const view = renderWithProviders(<LeaderboardPage />, { path });
  return { ...view, fetch };
}

const SELF_REPORTED = '/leaderboard?verified=false';
const AVG_R_TITLE =
  'Realised R per trade: what each trade made per dollar risked, not its planned R/R';

const bodyRows = async () => {
  const table = await screen.findByRole('table', { name: /Traders ranked by/ });
  return within(table).getAllByRole('row').slice(1);
};
const cell = (row: HTMLElement, index: number) => within(row).getAllByRole('cell')[index]!;

describe('LeaderboardPage', () => {
  it('lists rank, trader, trades, winrate, gain and Avg R, ranked by gain by default', async () => {
    const { fetch } = open();
    const [ada, bob, cy, dee] = await bodyRows();
    expect(calls(fetch)).toEqual(['GET /api/leaderboard?sort=gain&direction=desc&verified=true']);
    expect(screen.getByRole('columnheader', { name: 'Gain' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    // The header says what Avg R means, to screen readers (visually hidden) and as a tooltip.
    const avgR = screen.getByRole('columnheader', { name: /^Avg R/ });
    expect(within(avgR).getByText(`(${AVG_R_TITLE})`)).toHaveClass('visually-hidden');
    expect(avgR).toHaveAttribute('title', AVG_R_TITLE);
    expect(screen.queryByRole('columnheader', { name: /^R\/R/ })).not.toBeInTheDocument();

    expect(within(ada!).getByRole('rowheader')).toHaveTextContent('ada');
    expect(within(ada!).getByText('Premium')).toBeInTheDocument();
    expect(within(bob!).queryByText('Premium')).not.toBeInTheDocument();
    expect(cell(ada!, 0)).toHaveTextContent('1');
    expect(cell(ada!, 1)).toHaveTextContent('12');
    expect(cell(ada!, 2)).toHaveTextContent('62.5%');
    expect(cell(bob!, 2)).toHaveTextContent('33.3%');

    expect(cell(ada!, 3)).toHaveTextContent('+$12.50');
    expect(cell(ada!, 3)).toHaveClass('lb-gain--long');
    expect(cell(bob!, 3)).toHaveTextContent('-$3.00');
    expect(cell(bob!, 3)).toHaveClass('lb-gain--short');
    expect(cell(cy!, 3)).toHaveTextContent('$0.00');

    // The realised Avg R, coloured by it (the planned riskRewardRatio is not shown).
    expect(cell(ada!, 4)).toHaveTextContent(/^\+3\.20R$/);
    expect(cell(ada!, 4)).toHaveClass('lb-rr--golden');
    expect(cell(bob!, 4)).toHaveTextContent(/^\+1\.75R$/);
    expect(cell(bob!, 4)).toHaveClass('lb-rr--purple');
    expect(cell(cy!, 4)).toHaveTextContent(/^\+1\.00R$/);
    expect(cell(cy!, 4)).toHaveClass('lb-rr--normal');
    expect(cell(dee!, 4)).toHaveTextContent(/^-0\.33R$/);
    expect(cell(dee!, 4)).toHaveClass('lb-rr--bad');
  });

  it('shows the numbers in the one format: separators, signed money, signed 2-decimal R', async () => {
    open(() => ({
      status: 200,
      body: [
        trader({
          id: 'w',
          username: 'whale',
          totalGain: 3000,
          riskRewardRatio: 1,
          avgR: 2.345,
          winrate: (2 / 3) * 100,
        }),
        trader({
          id: 'l',
          username: 'loser',
          rank: 2,
          totalGain: -12345.678,
          riskRewardRatio: 4,
          avgR: -1,
          winrate: 0,
        }),
        trader({ id: 'f', username: 'flat', rank: 3, riskRewardRatio: 2, avgR: 0 }),
      ],
    }));
    const [whale, loser, flat] = await bodyRows();
    expect(cell(whale!, 2)).toHaveTextContent(/^66\.7%$/);
    expect(cell(whale!, 3)).toHaveTextContent(/^\+\$3,000\.00$/);
    expect(cell(whale!, 4)).toHaveTextContent(/^\+2\.35R$/);
    expect(cell(loser!, 2)).toHaveTextContent(/^0\.0%$/);
    expect(cell(loser!, 3)).toHaveTextContent(/^-\$12,345\.68$/);
    expect(cell(loser!, 4)).toHaveTextContent(/^-1\.00R$/);
    expect(cell(loser!, 4)).toHaveClass('lb-rr--bad');
    expect(cell(flat!, 4)).toHaveTextContent(/^0\.00R$/);
  });

  it('says how Avg R and Gain count, so one trade cannot carry the board', async () => {
    open();
    await bodyRows();
    expect(screen.getByText('Avg R colours:')).toBeInTheDocument();
    const rules = screen.getByText(/^Avg R is the realised R per trade/);
    expect(rules).toHaveTextContent(/\(a stop is -1R\), not the R\/R it planned\./);
    expect(rules).toHaveTextContent(
      /Gain is the dollars closed trades made; one trade's gain counts at most its own position size, and one R at most 5R\./,
    );
    expect(
      screen.getByText(/^Verified results were closed by the exchange's own fills/),
    ).toHaveTextContent(/shown by default; self-reported results are ranked apart\./);
  });

  it('highlights the signed-in trader as "You"', async () => {
    signIn('bob');
    open();
    const [ada, bob] = await bodyRows();
    expect(within(bob!).getByText('You')).toBeInTheDocument();
    expect(bob).toHaveAttribute('aria-current', 'true');
    expect(within(ada!).queryByText('You')).not.toBeInTheDocument();
    expect(ada).not.toHaveAttribute('aria-current');
  });

  it('refetches on each sort, flips the active one, and keeps the rows while loading', async () => {
    let release: (() => void) | undefined;
    const { user, fetch } = open((req) =>
      req.path.includes('sort=winrate&direction=desc')
        ? new Promise((resolve) => {
            release = () => resolve({ status: 200, body: [...rows].reverse() });
          })
        : { status: 200, body: rows },
    );
    await bodyRows();
    const sorts = screen.getByRole('group', { name: 'Sort by' });
    const winrate = within(sorts).getByRole('button', { name: /Winrate/ });
    expect(winrate).toHaveAttribute('aria-pressed', 'false');
    expect(within(sorts).getByRole('button', { name: /Gain/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(winrate);
    expect(winrate).toHaveAttribute('aria-pressed', 'true');
    expect(winrate).toHaveAccessibleName('Winrate, highest first');
    // The previous rows stay while the new order loads.
    expect(screen.getByRole('rowheader', { name: /ada/ })).toBeInTheDocument();
    expect(screen.queryByText('Loading leaderboard...')).not.toBeInTheDocument();
    await waitFor(() => expect(release).toBeDefined());
    release!();
    await waitFor(async () => expect((await bodyRows())[0]).toHaveTextContent('dee'));
    expect(screen.getByRole('columnheader', { name: 'Winrate' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await user.click(winrate);
    expect(winrate).toHaveAccessibleName('Winrate, lowest first');
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Winrate' })).toHaveAttribute(
        'aria-sort',
        'ascending',
      ),
    );
    const avgR = within(sorts).getByRole('button', { name: /^Avg R/ });
    await user.click(avgR);
    expect(avgR).toHaveAccessibleName('Avg R, highest first');
    await waitFor(() =>
      expect(calls(fetch)).toEqual([
        'GET /api/leaderboard?sort=gain&direction=desc&verified=true',
        'GET /api/leaderboard?sort=winrate&direction=desc&verified=true',
        'GET /api/leaderboard?sort=winrate&direction=asc&verified=true',
        'GET /api/leaderboard?sort=rr&direction=desc&verified=true',
      ]),
    );
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /^Avg R/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      ),
    );
  });

  it('explains how to get on an empty board', async () => {
    open(() => ({ status: 200, body: [] }), SELF_REPORTED);
    expect(await screen.findByText('No trades recorded yet')).toBeVisible();
    expect(screen.getByText(/^Sign in, record a trade/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Bingo' })).toHaveAttribute('href', '/bingo');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('does not ask a signed-in trader to sign in', async () => {
    signIn('bob');
    open(() => ({ status: 200, body: [] }), SELF_REPORTED);
    expect(await screen.findByText(/^Record a trade on the Bingo dashboard/)).toBeVisible();
  });

  it('shows the failure and loads again on retry', async () => {
    let attempts = 0;
    const { user, fetch } = open(() =>
      ++attempts === 1 ? { status: 500 } : { status: 200, body: rows },
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Loading leaderboard...');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load leaderboard data. Please try again later.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await bodyRows()).toHaveLength(4);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls(fetch)).toEqual([
      'GET /api/leaderboard?sort=gain&direction=desc&verified=true',
      'GET /api/leaderboard?sort=gain&direction=desc&verified=true',
    ]);
  });

  it('says traders can leave the board from their profile', async () => {
    open();
    await bodyRows();
    expect(screen.getByRole('link', { name: 'profile' })).toHaveAttribute('href', '/profile');
  });
});

describe('Verified and self-reported results', () => {
  const BADGE = 'Verified: results closed by exchange fills';
  const view = () => screen.getByRole('group', { name: 'Results' });
  const verifiedButton = () => within(view()).getByRole('button', { name: 'Verified' });
  const selfReportedButton = () => within(view()).getByRole('button', { name: 'Self-reported' });
  // The two views rank apart: bob alone is self-reported here.
  const apart = (req: MockRequest): MockReply =>
    req.path.includes('verified=false')
      ? { status: 200, body: [rows[1]] }
      : { status: 200, body: rows };

  it('marks rows whose results were all closed by exchange fills, for screen readers too', async () => {
    open();
    const [ada, bob] = await bodyRows();
    const badge = within(ada!).getByText(BADGE);
    expect(badge).toHaveClass('visually-hidden');
    expect(badge.closest('[title]')).toHaveAttribute('title', BADGE);
    expect(within(ada!).getByRole('rowheader')).toHaveTextContent(/ada.*Verified/);
    expect(within(bob!).queryByText(BADGE)).not.toBeInTheDocument();
    expect(bob).not.toHaveTextContent('Verified');
  });

  it('shows verified results by default; "Self-reported" sends verified=false, keeps the sort, and says so', async () => {
    const { user, fetch } = open(apart);
    expect(await bodyRows()).toHaveLength(4);
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(verifiedButton()).toHaveAttribute('aria-pressed', 'true');
    expect(selfReportedButton()).toHaveAttribute('aria-pressed', 'false');
    expect(view()).toHaveAccessibleDescription(verifiedTexts.verifiedHint);
    expect(
      screen.getByRole('table', {
        name: 'Traders ranked by gain, highest first, verified results only',
      }),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: /Winrate/ }));
    await user.click(selfReportedButton());
    expect(selfReportedButton()).toHaveAttribute('aria-pressed', 'true');
    expect(verifiedButton()).toHaveAttribute('aria-pressed', 'false');
    expect(view()).toHaveAccessibleDescription(verifiedTexts.selfReportedHint);
    await waitFor(async () => expect(await bodyRows()).toHaveLength(1));
    expect((await bodyRows())[0]).toHaveTextContent('bob');
    expect(
      screen.getByRole('table', {
        name: 'Traders ranked by winrate, highest first, self-reported results only',
      }),
    ).toBeVisible();
    expect(calls(fetch)).toEqual([
      'GET /api/leaderboard?sort=gain&direction=desc&verified=true',
      'GET /api/leaderboard?sort=winrate&direction=desc&verified=true',
      'GET /api/leaderboard?sort=winrate&direction=desc&verified=false',
    ]);
  });

  it('works from the keyboard: Tab between the two, Enter or Space picks one', async () => {
    const { user, fetch } = open(apart);
    await bodyRows();
    verifiedButton().focus();
    await user.tab();
    expect(selfReportedButton()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(selfReportedButton()).toHaveAttribute('aria-pressed', 'true');
    await waitFor(async () => expect(await bodyRows()).toHaveLength(1));
    expect(calls(fetch).at(-1)).toBe(
      'GET /api/leaderboard?sort=gain&direction=desc&verified=false',
    );

    await user.tab({ shift: true });
    expect(verifiedButton()).toHaveFocus();
    await user.keyboard(' ');
    expect(verifiedButton()).toHaveAttribute('aria-pressed', 'true');
    await waitFor(async () => expect(await bodyRows()).toHaveLength(4));
    expect(screen.getByRole('table', { name: /verified results only$/ })).toBeVisible();
  });

  it('says how a result gets verified when none is, and offers the self-reported ones', async () => {
    const { user, fetch } = open((req) =>
      req.path.includes('verified=true') ? { status: 200, body: [] } : { status: 200, body: rows },
    );
    expect(await screen.findByText('No verified results yet')).toBeVisible();
    expect(screen.queryByText('No trades recorded yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show self-reported results' }));
    expect(selfReportedButton()).toHaveAttribute('aria-pressed', 'true');
    expect(await bodyRows()).toHaveLength(4);
    expect(screen.getByRole('table', { name: /self-reported results only$/ })).toBeVisible();
    expect(calls(fetch)).toEqual([
      'GET /api/leaderboard?sort=gain&direction=desc&verified=true',
      'GET /api/leaderboard?sort=gain&direction=desc&verified=false',
    ]);
  });

  it('shows the failure of a self-reported ranking and retries it', async () => {
    let attempts = 0;
    const { user, fetch } = open((req) =>
      req.path.includes('verified=false') && ++attempts === 1
        ? { status: 500 }
        : { status: 200, body: rows },
    );
    await bodyRows();
    await user.click(selfReportedButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load leaderboard data. Please try again later.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await bodyRows()).toHaveLength(4);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: /self-reported results only$/ })).toBeVisible();
    expect(calls(fetch)).toEqual([
      'GET /api/leaderboard?sort=gain&direction=desc&verified=true',
      'GET /api/leaderboard?sort=gain&direction=desc&verified=false',
      'GET /api/leaderboard?sort=gain&direction=desc&verified=false',
    ]);
  });
});

describe('/leaderboard route', () => {
  it('reads the self-reported view from the address, and drops it for the verified one', async () => {
    const fetch = stubFetch(() => ({ status: 200, body: rows }));
    const { user } = renderApp('/leaderboard?verified=false');
    await bodyRows();
    expect(calls(fetch)).toContain('GET /api/leaderboard?sort=gain&direction=desc&verified=false');
    expect(screen.getByRole('button', { name: 'Self-reported' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('table', { name: /self-reported results only$/ })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Verified' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/leaderboard$/);
    await waitFor(() =>
      expect(calls(fetch)).toContain('GET /api/leaderboard?sort=gain&direction=desc&verified=true'),
    );
    expect(await screen.findByRole('table', { name: /verified results only$/ })).toBeVisible();
  });

  it('is public and reads its sort from the address', async () => {
    const fetch = stubFetch(() => ({ status: 200, body: rows }));
    renderApp('/leaderboard?sort=trades&direction=asc');
    expect(await screen.findByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible();
    await bodyRows();
    expect(calls(fetch)).toContain('GET /api/leaderboard?sort=trades&direction=asc&verified=true');
    expect(screen.getByRole('button', { name: 'Trades, lowest first' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
