import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  analyticsOf,
  bearer,
  edgeCell,
  keyFigure,
  parseCsv,
  registerPremiumUser,
  registerUser,
  CELL,
  JOURNAL,
  seedTrades,
} from '../support/analytics';
import { loginViaUi } from '../support/users';

/** Only the report itself, not its trades list or CSV. */
const isReport = (url: URL | string) => new URL(url).pathname === '/api/analytics';

async function openAnalytics(page: Page, query = '') {
  await page.goto(`/analytics${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
}

test('a premium trader reads the per-cell edge and the key figures, and filtering by pair changes them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const trader = await registerPremiumUser(request, 'edge');
  await seedTrades(request, trader, JOURNAL);

  // By hand: with the cell, trades 1 and 2: (3 + 2) / 2 = +2.5R; without it, trade 3: -1R;
  // edge 2.5 - (-1) = +3.5R. 2 and 1 trades: under the 5 a side needs for a figure on screen.
  const all = await analyticsOf(request, trader);
  expect(all.summary).toMatchObject({ trades: 3, wins: 2, losses: 1, totalR: 4 });
  expect(all.byCell).toHaveLength(1);
  expect(all.byCell[0]).toMatchObject({
    index: 0,
    title: CELL,
    tradesWith: 2,
    expectancyRWith: 2.5,
    tradesWithout: 1,
    expectancyRWithout: -1,
    edgeR: 3.5,
  });

  await loginViaUi(page, trader.username, trader.password);
  await openAnalytics(page);
  await expect(page.getByText('Sample data')).toHaveCount(0);
  const thin = await edgeCell(page, CELL, 'Edge');
  await expect(thin).toContainText('Not enough trades yet');
  await expect(thin).toContainText('2 with, 1 without');
  await expect(thin).not.toContainText('+3.50R');
  await expect(keyFigure(page, 'Trades')).toHaveText('3');
  // (3 + 2 - 1) / 3 = +1.33R; 2 wins of 3.
  await expect(keyFigure(page, 'Expectancy')).toContainText('+1.33R');
  await expect(keyFigure(page, 'Win rate')).toContainText('66.7%');

  // Filter by pair: the URL keeps it and the figures are those of trades 2 and 3.
  await page.getByRole('combobox', { name: 'Pair', exact: true }).selectOption('ETHUSDT');
  await expect(page).toHaveURL(/[?&]pair=ETHUSDT(&|$)/);
  await expect(keyFigure(page, 'Trades')).toHaveText('2');

  // The API answers the same filter with the hand-computed figures the page shows:
  // trades 2, 1 win (+2R) and 1 loss (-1R): win rate 50 %, expectancy (2 - 1) / 2 = +0.5R,
  // total +1R, payoff 2 / 1 = 2, drawdown from the +2R peak to +1R = 1R.
  const eth = await analyticsOf(request, trader, '?pair=ETHUSDT');
  expect(eth.summary).toMatchObject({
    trades: 2,
    wins: 1,
    losses: 1,
    winRate: 0.5,
    expectancyR: 0.5,
    totalR: 1,
    payoffRatio: 2,
    maxDrawdownR: 1,
    longestWinStreak: 1,
    longestLossStreak: 1,
  });
  expect(await keyFigure(page, 'Trades').innerText()).toBe(String(eth.summary.trades));
  await expect(keyFigure(page, 'Win rate')).toContainText('50.0%');
  await expect(keyFigure(page, 'Expectancy')).toContainText('+0.50R');
  await expect(keyFigure(page, 'Total')).toContainText('+1.00R');

  // The filter lives in the URL: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Pair', exact: true })).toHaveValue('ETHUSDT');
  await expect(keyFigure(page, 'Trades')).toHaveText('2');
});

test('a cell with enough trades on both sides shows its edge figure (the answer stubbed: one day allows 3 trades, a figure needs 5 a side)', async ({
  page,
  request,
}) => {
  const trader = await registerPremiumUser(request, 'edgefig');
  await seedTrades(request, trader, JOURNAL);
  // The real answer, with its per-cell row replaced by one written by hand: with the cell
  // 5 trades at +1.20R, without it 5 at +0.40R, edge +0.80R.
  await page.route(isReport, async (route) => {
    const real = await route.fetch();
    const body = (await real.json()) as { byCell: Array<Record<string, unknown>> };
    const row = body.byCell[0]!;
    body.byCell = [
      {
        ...row,
        tradesWith: 5,
        winRateWith: 0.6,
        expectancyRWith: 1.2,
        tradesWithout: 5,
        winRateWithout: 0.4,
        expectancyRWithout: 0.4,
        edgeR: 0.8,
      },
    ];
    await route.fulfill({ response: real, json: body });
  });
  await loginViaUi(page, trader.username, trader.password);
  await openAnalytics(page);
  const edge = await edgeCell(page, CELL, 'Edge');
  await expect(edge).toContainText('+0.80R');
  await expect(edge).not.toContainText('Not enough trades yet');
  await expect(await edgeCell(page, CELL, 'With')).toContainText('+1.20R');
  await expect(await edgeCell(page, CELL, 'Without')).toContainText('+0.40R');
});

test('a free trader sees sample data and the premium lock; the server refuses the data', async ({
  page,
  request,
}) => {
  const trader = await registerUser(request, 'free');
  const statuses: number[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/api/analytics')) statuses.push(res.status());
  });

  await loginViaUi(page, trader.username, trader.password);
  await page.goto('/analytics', { waitUntil: 'networkidle' });
  // The lock opens over the page, which stays readable (a non-modal dialog).
  const lock = page.getByRole('dialog', { name: 'Premium Feature' });
  await expect(lock).toBeVisible();
  await expect(lock.getByRole('button', { name: 'Upgrade to Premium' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(lock).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Sample data' })).toContainText('Sample data');
  await page.getByRole('button', { name: 'Unlock your analytics' }).click();
  await expect(lock).toBeVisible();
  // The page never asks: no answer at all, not even a 403.
  expect(statuses).toEqual([]);

  const refused = await request.get('/api/analytics', { headers: bearer(trader) });
  expect(refused.status()).toBe(403);
  const body = (await refused.json()) as { error: { code: string } };
  expect(body.error.code).toBe('PREMIUM_REQUIRED');
  const csv = await request.get('/api/analytics/export.csv', { headers: bearer(trader) });
  expect(csv.status()).toBe(403);
});

test('Export CSV downloads the filtered trades with their R and USD P/L', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const trader = await registerPremiumUser(request, 'csv');
  await seedTrades(request, trader, JOURNAL);

  await loginViaUi(page, trader.username, trader.password);
  await openAnalytics(page, '?pair=ETHUSDT');
  await expect(keyFigure(page, 'Trades')).toHaveText('2');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const rows = parseCsv(readFileSync((await download.path())!, 'utf8'));
  const [header, ...trades] = rows;
  const column = (name: string) => {
    const at = header!.indexOf(name);
    expect(at, `column ${name} in ${header!.join(',')}`).toBeGreaterThanOrEqual(0);
    return trades.map((row) => row[at]);
  };
  // Trades 2 and 3 only, with their R and USD P/L.
  expect(trades).toHaveLength(2);
  expect(column('pair')).toEqual(['ETHUSDT', 'ETHUSDT']);
  expect(
    column('rMultiple')
      .map(Number)
      .sort((a, b) => a - b),
  ).toEqual([-1, 2]);
  expect(
    column('pnlUsd')
      .map((v) => Number(v).toFixed(2))
      .sort(),
  ).toEqual(['-33.33', '66.67']);

  // Without the filter the same export holds all three.
  const everything = await request.get('/api/analytics/export.csv', { headers: bearer(trader) });
  expect(everything.status()).toBe(200);
  expect(parseCsv(await everything.text())).toHaveLength(1 + 3);
});

test('analytics with two trades says "not enough trades" instead of naming a best pair or side', async ({
  page,
  request,
}) => {
  const trader = await registerPremiumUser(request, 'thin');
  // Two trades: a long BTC target (+3R) and a short ETH stop (-1R), on two pairs and two sides.
  await seedTrades(request, trader, [JOURNAL[0]!, { ...JOURNAL[1]!, close: 'STOPLOSS_HIT' }]);

  // The API: one trade a pair, each with its 95 % win-rate range (Wilson, 1 of 1: 20.65 % to
  // 100 %; 0 of 1: 0 % to 79.35 %) and no expectancy range from a single trade.
  const answer = (await (
    await request.get('/api/analytics', { headers: bearer(trader) })
  ).json()) as {
    byPair: Array<{
      key: string;
      trades: number;
      winRateCi: { low: number; high: number } | null;
      expectancyRCi: unknown;
    }>;
    rDistribution: Array<{ from: number | null; to: number | null; count: number }>;
  };
  expect(answer.byPair.map((row) => [row.key, row.trades, row.expectancyRCi])).toEqual([
    ['BTCUSDT', 1, null],
    ['ETHUSDT', 1, null],
  ]);
  expect(answer.byPair[0]!.winRateCi!.low).toBeCloseTo(0.2065, 4);
  expect(answer.byPair[1]!.winRateCi!.high).toBeCloseTo(0.7935, 4);
  // The full stop is in the bucket about -1R, [-1.5, -0.5); the +3R target in [2.5, 3.5).
  expect(answer.rDistribution.filter((b) => b.count > 0)).toEqual([
    { from: -1.5, to: -0.5, count: 1 },
    { from: 2.5, to: 3.5, count: 1 },
  ]);

  await loginViaUi(page, trader.username, trader.password);
  await openAnalytics(page);
  const notEnough = (what: string) =>
    `Not enough trades yet to compare ${what} (5 needed on each side).`;
  await expect(page.getByRole('figure', { name: 'By pair' })).toHaveAccessibleDescription(
    notEnough('pairs'),
  );
  await expect(page.getByRole('figure', { name: 'Long vs short' })).toHaveAccessibleDescription(
    notEnough('sides'),
  );
  await expect(page.getByText(/^Best /)).toHaveCount(0);
  // The tier table's range column waits for its sample too.
  const tiers = page.getByRole('table', { name: 'Outcome by score tier' });
  await expect(tiers.getByRole('row').nth(1)).toContainText('Not enough trades');
  await expect(
    page.getByRole('figure', { name: 'R-multiple distribution' }),
  ).toHaveAccessibleDescription(
    'Most trades (1 of 2) closed at about -1R; 1 at about +1R or more.',
  );
  // Excursions (MFE / MAE): journal trades on the paper market have none (its prices are a
  // simulation), and two trades are under the sample rule anyway.
  const excursions = page.getByRole('region', { name: 'Excursions' });
  await expect(excursions).toContainText('2 trades without them');
  await expect(excursions).toContainText(
    'Not enough trades yet: 5 winners with MFE / MAE needed, 0 so far.',
  );
});
