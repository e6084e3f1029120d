import { act, screen, within } from '@testing-library/react';
import { rMultiple, scriptCellById, type AnalyticsResponse } from '@tb/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, stubFetch, type MockReply } from '@/test/fetch-mock';
import { publicUser, renderApp, signIn } from '@/test/render-app';
import { edgeRow, reportFixture, scriptWinRatesFixture } from '../test/report-fixture';

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

/** A signed-in premium trader; `scriptCells` answers GET /api/analytics/script-cells. */
function serve(
  scriptCells: () => MockReply,
  report: AnalyticsResponse = reportFixture(),
  user: Record<string, unknown> = { isPaidUser: true },
) {
  signIn('ada');
  return stubFetch((req) => {
    if (req.path === '/users/me')
      return { status: 200, body: publicUser({ username: 'ada', ...user }) };
    if (req.path === '/analytics/script-cells') return scriptCells();
    if (req.path.startsWith('/analytics')) return { status: 200, body: report };
    return { status: 200, body: [] };
  });
}

const card = () =>
  screen.getByRole('heading', { name: 'Script cells across all traders' }).closest('section')!;

describe('Script cells across all traders', () => {
  it('shows each script cell’s win rate, sample, average R and edge against all verified trades', async () => {
    serve(() => ({ status: 200, body: scriptWinRatesFixture() }));
    renderApp('/analytics');
    const table = await screen.findByRole('table', { name: 'Script cells across all traders' });
    expect(within(card()).getByTestId('script-winrates-baseline')).toHaveTextContent(
      'All verified trades since 2 May 2026: 50.0% won of 40 trades, +0.30R on average.',
    );
    const rows = within(table).getAllByRole('row').slice(1);
    // The label (the rule beside it is hidden until hovered or focused).
    const label = (row: HTMLElement) => row.querySelector('.an-rule__anchor')?.textContent;
    expect(rows.map(label)).toEqual([
      'Trend on the daily agrees',
      'Funding not extreme',
      'BTC not against the trade',
      'Volume above its 20-candle average',
      'Price not extended',
    ]);
    // 14 of 20 won: 70 % against 50 %, +20 points; 16R / 20 = +0.80R.
    expect(rows[0]).toHaveTextContent('2014 won · 6 lost70.0%');
    expect(rows[0]).toHaveTextContent('+0.80R+20.0 pts');
    expect(rows[0]).not.toHaveTextContent('small sample');
    expect(rows[0]).not.toHaveClass('an-winrate--small');
    // 2 of 5: 40 %, -10 points, a small sample, greyed.
    expect(rows[3]).toHaveTextContent('52 won · 3 lost40.0%');
    expect(rows[3]).toHaveTextContent('small sample');
    expect(rows[3]).toHaveTextContent('-0.20R-10.0 pts');
    expect(rows[3]).toHaveClass('an-winrate--small');
    // Never ticked: no rate, no edge.
    expect(rows[1]).toHaveTextContent('00 won · 0 lost—no trades yet');
    expect(rows[1]).not.toHaveTextContent('small sample');
  });

  it('gives each label its rule as a description, shown on focus', async () => {
    serve(() => ({ status: 200, body: scriptWinRatesFixture() }));
    const { user } = renderApp('/analytics');
    const table = await screen.findByRole('table', { name: 'Script cells across all traders' });
    const label = within(table).getByText('Trend on the daily agrees');
    const rule = scriptCellById('daily-trend')!.rule;
    expect(label).toHaveAccessibleDescription(rule);
    // Hidden until hovered or focused.
    expect(within(table).queryByRole('tooltip')).toBeNull();
    act(() => label.focus());
    expect(label).toHaveFocus();
    expect(within(table).getByRole('tooltip')).toHaveTextContent(rule);
    await user.keyboard('{Escape}');
    expect(within(table).queryByRole('tooltip')).toBeNull();
    await user.tab();
    expect(within(table).getByText('Funding not extreme')).toHaveFocus();
    expect(within(table).getByRole('tooltip')).toHaveTextContent(
      scriptCellById('funding-calm')!.rule,
    );
    await user.hover(within(table).getByText('Price not extended'));
    expect(within(table).getAllByRole('tooltip')).toHaveLength(2);
  });

  it('shows the lock naming the annual plan when the server refuses the plan', async () => {
    serve(
      () => ({ status: 403, body: errorBody('PREMIUM_REQUIRED', 'Premium required') }),
      undefined,
      {
        isPaidUser: true,
        subscription: {
          active: true,
          plan: 'quarterly',
          startDate: null,
          endDate: null,
          remainingDays: 30,
        },
      },
    );
    const { user } = renderApp('/analytics');
    const note = await screen.findByRole('note', { name: 'Annual plan' });
    // The trader's own report is there all the same.
    expect(await screen.findByRole('heading', { level: 2, name: 'Key figures' })).toBeVisible();
    expect(note).toHaveTextContent('The case winrate comes with the annual plan');
    expect(screen.queryByRole('table', { name: 'Script cells across all traders' })).toBeNull();
    await user.click(within(note).getByRole('button', { name: 'See the annual plan' }));
    const lock = await screen.findByRole('dialog', { name: 'Premium Feature' });
    expect(lock).toHaveAccessibleDescription(/is part of the annual plan/);
  });

  it('says so when no verified trade has a script cell yet', async () => {
    const none = { trades: 0, wins: 0, losses: 0, sumR: 0 };
    const body = {
      ...scriptWinRatesFixture(),
      since: null,
      cells: scriptWinRatesFixture().cells.map((cell) => ({
        ...cell,
        ...none,
        winRate: null,
        winRateCi: null,
        avgR: null,
        edge: null,
      })),
    };
    serve(() => ({ status: 200, body }));
    renderApp('/analytics');
    expect(
      await screen.findByText('No verified trade has been taken with a script cell yet.'),
    ).toBeVisible();
  });

  it('says a failed load and loads again on "Try again"', async () => {
    let fail = true;
    serve(() =>
      fail
        ? { status: 500, body: errorBody('INTERNAL_ERROR', 'Counting went wrong') }
        : { status: 200, body: scriptWinRatesFixture() },
    );
    const { user } = renderApp('/analytics');
    await screen.findByRole('heading', { name: 'Script cells across all traders' });
    expect(await within(card()).findByRole('alert')).toHaveTextContent('Counting went wrong');
    fail = false;
    await user.click(within(card()).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('table', { name: 'Script cells across all traders' }),
    ).toBeVisible();
  });
});

describe('Per-cell win rates', () => {
  it('shows each cell’s win rate with its sample, marks script cells, greys small samples', async () => {
    const byCell = [
      edgeRow({
        index: 2,
        title: 'Trend on the daily agrees',
        script: 'daily-trend',
        tradesWith: 12,
        winsWith: 9,
        lossesWith: 2,
        winRateWith: 0.75,
        tradesWithout: 8,
        edgeR: rMultiple(0.9),
      }),
      edgeRow({
        index: 7,
        title: 'Waited for the candle close',
        tradesWith: 6,
        winsWith: 2,
        lossesWith: 4,
        winRateWith: 1 / 3,
        edgeR: rMultiple(0.2),
      }),
    ];
    serve(() => ({ status: 200, body: scriptWinRatesFixture() }), reportFixture({ byCell }));
    renderApp('/analytics');
    const table = await screen.findByRole('table', { name: 'Per-cell edge' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent(
      'Trend on the daily agreesScript',
    );
    expect(
      within(rows[0]!).getByText('Script').closest('[aria-describedby]'),
    ).toHaveAccessibleDescription(scriptCellById('daily-trend')!.rule);
    // 9 won, 2 lost, 1 breakeven of 12: 75 %.
    expect(rows[0]).toHaveTextContent('75.0%9 won · 2 lost of 12 trades');
    expect(within(rows[0]!).getByText('75.0%').closest('td')).not.toHaveClass('an-winrate--small');
    expect(rows[1]).toHaveTextContent('33.3%2 won · 4 lost of 6 tradessmall sample');
    expect(within(rows[1]!).getByText('33.3%').closest('td')).toHaveClass('an-winrate--small');
    expect(within(rows[1]!).queryByText('Script')).toBeNull();
  });
});
