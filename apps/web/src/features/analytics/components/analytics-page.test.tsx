import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MIN_SAMPLE, rMultiple, usd, type AnalyticsResponse } from '@tb/core';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { calls, errorBody, stubFetch, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { publicUser, renderApp, signIn } from '@/test/render-app';
import { wonTradeFixture } from '@/test/trade-fixture';
import { edgeRow, reportFixture, scriptWinRatesFixture, stats } from '../test/report-fixture';

// jsdom has no canvas: the charts draw nothing here (the browser check covers them); their
// tables and summaries are what these tests read.
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

const location = () => screen.getByTestId('location');

/** A signed-in trader; `analytics` answers GET /api/analytics*, the rest is the app's chrome. */
function serve(
  analytics: (req: MockRequest) => MockReply,
  user: Record<string, unknown> = { isPaidUser: true },
) {
  signIn('ada');
  return stubFetch((req) => {
    if (req.path === '/users/me')
      return { status: 200, body: publicUser({ username: 'ada', ...user }) };
    // The card of every trader's script cells (its own tests: analytics-script-cells.test).
    if (req.path === '/analytics/script-cells')
      return { status: 200, body: scriptWinRatesFixture() };
    if (req.path.startsWith('/analytics')) return analytics(req);
    return { status: 200, body: [] };
  });
}

const analyticsCalls = (fetch: ReturnType<typeof stubFetch>) =>
  calls(fetch).filter(
    (call) => call.includes('/api/analytics') && !call.includes('/api/analytics/script-cells'),
  );

/** The definition of a key figure, by its term. */
function figure(term: string): string {
  const dt = screen.getAllByRole('term').find((node) => node.textContent === term);
  return dt?.nextElementSibling?.textContent ?? '';
}

async function openPage(path: string, report: AnalyticsResponse = reportFixture()) {
  const fetch = serve(() => ({ status: 200, body: report }));
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: 'Key figures' });
  return { fetch, ...view };
}

describe('Analytics for a premium trader', () => {
  it('shows the key figures as the trader reads them', async () => {
    await openPage('/analytics');
    expect(figure('Trades')).toBe('8 + 2 open');
    expect(figure('Win rate')).toBe('62.5%');
    expect(figure('Expectancy')).toBe('+0.40R +$8.00');
    expect(figure('Profit factor')).toBe('1.85');
    expect(figure('Payoff ratio')).toBe('1.24');
    expect(figure('Total')).toBe('+3.20R +$64.00');
    expect(figure('Max drawdown')).toBe('-3.00R -$60.00');
    expect(figure('SQN')).toBe('—');
    expect(figure('Longest streaks')).toBe('3 wins / 2 losses');
  });

  it('puts the discipline first: tiers, the per-cell edge and the splits', async () => {
    const fixture = reportFixture();
    const discipline = {
      ...fixture.discipline,
      coldStreak: stats(5, 0.2, -0.6, -60, [-1.5, 0.1]),
      notColdStreak: stats(5, 0.8, 1.1, 110, [0.2, 2]),
    };
    await openPage('/analytics', { ...fixture, discipline });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Discipline',
      'Key figures',
      'Excursions',
      'Charts',
      'Script cells across all traders',
    ]);

    const tiers = screen.getByRole('table', { name: 'Outcome by score tier' });
    expect(
      within(tiers)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'TierTradesWin rateExpectancy95% range',
      // 3 trades: no range, the rule's "not enough trades".
      '2R/R333.3%-0.20RNot enough trades5 needed',
      // Wilson for 4 of 5: 37.6% to 96.4%.
      '3R/R580.0%+0.76R-0.90R to +2.42Rwin 37.6% to 96.4%',
    ]);

    const edge = screen.getByRole('table', { name: 'Per-cell edge' });
    const [header, row] = within(edge).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Cell', 'Win rate', 'With', 'Without', 'Edge']);
    expect(within(row!).getByRole('rowheader')).toHaveTextContent('Waited for the candle close');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      // 5 trades: under SMALL_SAMPLE (10), greyed.
      '80.0%4 won · 1 lost of 5 tradessmall sample',
      '+1.20R80.0% win · 5 trades95%: +0.10R to +2.30R, win 37.6% to 96.4%',
      '-0.10R40.0% win · 5 trades95%: -1.00R to +0.80R, win 11.8% to 76.9%',
      '+1.30R',
    ]);

    const tierSplit = screen.getByRole('table', { name: "The tier's R/R" });
    expect(
      within(tierSplit)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'Trades takenTradesWin rateExpectancy95% range',
      "At or above the tier's R/R666.7%+0.70R-0.40R to +1.80Rwin 30.0% to 90.3%",
      "Below the tier's R/R250.0%-0.50RNot enough trades5 needed",
    ]);
    // Two trades below the tier are too few to call a winner.
    expect(tierSplit.closest('.an-split')).toHaveTextContent(
      'Not enough trades yet to compare (5 needed on each side).',
    );
    expect(
      screen.getByRole('table', { name: 'Losing streaks' }).closest('.an-split'),
    ).toHaveTextContent('Better: The rest (+1.10R per trade against -0.60R).');
  });

  it('says "Not enough trades yet" under the threshold and lists those rows last', async () => {
    expect(MIN_SAMPLE).toBe(5);
    const byCell = [
      edgeRow({
        index: 3,
        title: 'Funding not extreme',
        tradesWith: 4,
        tradesWithout: 20,
        edgeR: rMultiple(2),
      }),
      edgeRow({ index: 7, title: 'Waited for the candle close', edgeR: rMultiple(0.5) }),
      edgeRow({
        index: 1,
        title: 'Key level marked',
        tradesWith: 21,
        tradesWithout: 3,
        edgeR: rMultiple(-0.2),
      }),
    ];
    await openPage('/analytics', reportFixture({ byCell }));
    const rows = within(screen.getByRole('table', { name: 'Per-cell edge' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Waited for the candle close',
      'Funding not extreme',
      'Key level marked',
    ]);
    expect(rows[2]).toHaveTextContent('Not enough trades yet4 with, 20 without');
    expect(rows[2]).not.toHaveTextContent('+2.00R');
    expect(rows[3]).toHaveTextContent('Not enough trades yet21 with, 3 without');
  });

  it('groups the per-cell edge under each board when there are several', async () => {
    const byCell = [
      edgeRow({ title: 'Waited for the candle close' }),
      edgeRow({ boardId: 'b2', boardName: 'Scalps', title: 'Spread fine' }),
    ];
    await openPage('/analytics', reportFixture({ byCell }));
    const table = screen.getByRole('table', { name: 'Per-cell edge' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Main board', 'Waited for the candle close', 'Scalps', 'Spread fine']);
  });

  it('choosing a pair puts pair= in the URL and in the request', async () => {
    const { fetch, user } = await openPage('/analytics');
    await user.selectOptions(screen.getByLabelText('Pair'), 'ETHUSDT');
    expect(location()).toHaveTextContent('/analytics?pair=ETHUSDT');
    await vi.waitFor(() =>
      expect(analyticsCalls(fetch)).toContain('GET /api/analytics?pair=ETHUSDT'),
    );
    expect(screen.getByLabelText('Pair')).toHaveValue('ETHUSDT');
    expect(analyticsCalls(fetch)[0]).toBe('GET /api/analytics');
  });

  it('a preset sets From and To on the trader’s calendar', async () => {
    // 23:30 UTC is already the 21st in Paris (UTC+1).
    vi.useFakeTimers({ now: new Date('2026-11-20T23:30:00.000Z'), toFake: ['Date'] });
    const fetch = serve(() => ({ status: 200, body: reportFixture() }), {
      isPaidUser: true,
      timeZone: 'Europe/Paris',
    });
    const { user } = renderApp('/analytics');
    await user.click(await screen.findByRole('button', { name: '7 d' }));
    expect(location()).toHaveTextContent('/analytics?from=2026-11-15&to=2026-11-21');
    expect(screen.getByRole('button', { name: '7 d' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-15');
    // The date inputs show the browser's format; the bar says the range in the product's.
    expect(screen.getByText('15 Nov 2026 to 21 Nov 2026')).toBeVisible();
    await vi.waitFor(() =>
      expect(analyticsCalls(fetch)).toContain('GET /api/analytics?from=2026-11-15&to=2026-11-21'),
    );
    await user.click(screen.getByRole('button', { name: 'Year' }));
    expect(location()).toHaveTextContent('/analytics?from=2026-01-01&to=2026-11-21');
  });

  it('with no closed trades in the range, "Show all time" drops the dates', async () => {
    const empty = reportFixture({
      summary: { ...reportFixture().summary, trades: 0, wins: 0, losses: 0 },
      openTrades: 0,
    });
    const fetch = serve((req) => ({
      status: 200,
      body: req.path.includes('from=') ? empty : reportFixture(),
    }));
    const { user } = renderApp('/analytics?from=2026-01-01&to=2026-01-31');
    expect(await screen.findByText('No closed trades in this range')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show all time' }));
    expect(location()).toHaveTextContent(/^\/analytics$/);
    expect(await screen.findByRole('heading', { name: 'Key figures' })).toBeVisible();
    expect(analyticsCalls(fetch)).toEqual([
      'GET /api/analytics?from=2026-01-01&to=2026-01-31',
      'GET /api/analytics',
    ]);
  });

  it('a failed load says so and "Try again" loads again', async () => {
    let fail = true;
    serve(() =>
      fail
        ? { status: 500, body: errorBody('INTERNAL_ERROR', 'Analytics are resting') }
        : { status: 200, body: reportFixture() },
    );
    const { user } = renderApp('/analytics');
    expect(await screen.findByRole('alert')).toHaveTextContent('Analytics are resting');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Key figures' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clicking a calendar day lists that day’s trades with the other filters', async () => {
    const fetch = serve((req) =>
      req.path.startsWith('/analytics/trades')
        ? {
            status: 200,
            body: [
              wonTradeFixture({ id: 'a', pair: 'BTCUSDT', closedAt: '2026-11-03T10:00:00.000Z' }),
              wonTradeFixture({
                id: 'b',
                pair: 'BTCUSDT',
                isLong: false,
                status: 'STOPLOSS_HIT',
                rMultiple: rMultiple(-1),
                pnlUsd: usd(-16.39),
                closedAt: '2026-11-03T16:30:00.000Z',
              }),
            ],
          }
        : { status: 200, body: reportFixture() },
    );
    const { user } = renderApp('/analytics?pair=BTCUSDT');
    const calendar = await screen.findByRole('table', { name: 'P/L calendar, November 2026' });
    const day = within(calendar).getByRole('button', {
      name: '3 +$40, 3 November 2026: 2 trades, +$40.00, +2.00R',
    });
    // A day is a button: Enter opens it as a click does.
    day.focus();
    await user.keyboard('{Enter}');
    expect(day).toHaveAttribute('aria-pressed', 'true');
    const list = await screen.findByRole('table', { name: 'Trades closed on 3 November 2026' });
    expect(
      within(list)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'PairSideClosedRP/L',
      'BTCUSDTLong10:00+3.00R+$49.18',
      'BTCUSDTShort16:30-1.00R-$16.39',
    ]);
    expect(analyticsCalls(fetch)).toContain(
      'GET /api/analytics/trades?from=2026-11-03&to=2026-11-03&pair=BTCUSDT',
    );
  });

  it('"Export CSV" downloads the filtered trades', async () => {
    // jsdom has no object URLs: lend the two the download needs, for this test only.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:analytics';
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const fetch = serve(() => ({ status: 200, body: reportFixture() }));
    const { user } = renderApp('/analytics?from=2026-11-01&pair=BTCUSDT');
    await screen.findByRole('heading', { name: 'Key figures' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(saved).toEqual(['trading-bingo-analytics-2026-11-01-all.csv']));
    expect(analyticsCalls(fetch)).toContain(
      'GET /api/analytics/export.csv?from=2026-11-01&pair=BTCUSDT',
    );
  });

  it('reads each chart as a summary and a table', async () => {
    const { user } = await openPage('/analytics');
    const equity = screen.getByRole('figure', { name: 'Equity curve' });
    expect(equity).toHaveAccessibleDescription(
      'Equity ended at +3.20R after 2 trades; deepest drawdown -3.00R.',
    );
    await user.click(within(equity).getByRole('button', { name: 'USD' }));
    expect(equity).toHaveAccessibleDescription(
      'Equity ended at +$64.00 after 2 trades; deepest drawdown -$60.00.',
    );
    await user.click(within(equity).getByRole('button', { name: 'Show as table' }));
    expect(
      within(equity)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['TradeClosedEquity', '13 Nov 2026+$40.00', '25 Nov 2026+$64.00']);
    const sides = screen.getByRole('figure', { name: 'Long vs short' });
    expect(sides).toHaveAccessibleDescription(
      // Short has 3 trades: under the 5 each side needs, so no best side.
      'Not enough trades yet to compare sides (5 needed on each side).',
    );
    expect(
      within(screen.getByRole('table', { name: 'R-multiple distribution' })).getAllByRole('row')[3],
    ).toHaveTextContent('-1R (-1.5R to -0.5R)3');
  });
});

describe('Analytics for a free trader', () => {
  it('shows the sample, blurred, under the premium lock, and never asks for analytics', async () => {
    const fetch = serve(() => ({ status: 200, body: reportFixture() }), { isPaidUser: false });
    renderApp('/analytics');
    const lock = await screen.findByRole('dialog', { name: 'Premium Feature' });
    expect(within(lock).getByRole('button', { name: 'Upgrade to Premium' })).toBeVisible();
    // The lock leaves the page readable: its title and the note naming the sample.
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    expect(screen.getByRole('note', { name: 'Sample data' })).toHaveTextContent(
      'What you see is a sample journal, not your trades.',
    );
    const sample = document.querySelector('.an-locked__sample');
    expect(sample).toHaveAttribute('aria-hidden', 'true');
    expect(sample).toHaveTextContent('Waited for the candle close');
    expect(analyticsCalls(fetch)).toEqual([]);
  });

  it('closing the lock puts focus on "Unlock your analytics", which opens it again', async () => {
    serve(() => ({ status: 200, body: reportFixture() }), { isPaidUser: false });
    const user = userEvent.setup();
    renderApp('/analytics');
    const lock = await screen.findByRole('dialog', { name: 'Premium Feature' });
    await user.keyboard('{Escape}');
    expect(lock).not.toBeInTheDocument();
    const unlock = screen.getByRole('button', { name: 'Unlock your analytics' });
    expect(unlock).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Premium Feature' })).toBeVisible();
  });

  it('shows the lock when the server refuses with PREMIUM_REQUIRED', async () => {
    serve(() => ({ status: 403, body: errorBody('PREMIUM_REQUIRED', 'Premium required') }));
    renderApp('/analytics');
    expect(await screen.findByRole('dialog', { name: 'Premium Feature' })).toBeVisible();
    expect(screen.getAllByText('Sample data').length).toBeGreaterThan(0);
  });
});
