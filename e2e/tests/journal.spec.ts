import { expect, test, type Page } from '@playwright/test';
import { confirmClose, planTrade, widget } from '../support/dashboard';
import { connectPaperAccount } from '../support/exchange';
import { ensureAdmin, loginViaUi, newUser, registerViaApi } from '../support/users';

/** The stored session token, to read back through the API what the screens saved. */
async function bearer(page: Page): Promise<{ authorization: string }> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('no session token stored');
  return { authorization: `Bearer ${token}` };
}

function sidebar(page: Page) {
  return page.getByRole('complementary', { name: 'Risk management' });
}

/** The value beside a term of the sidebar's Daily Stats. */
function dailyFact(page: Page, term: string) {
  return sidebar(page)
    .getByRole('region', { name: 'Daily Stats' })
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

test('a long trade records the pair, the idea, the ticked cells, size and risk; at its target it shows +$ and +R in the sidebar and on the leaderboard', async ({
  page,
  request,
}) => {
  await ensureAdmin(request);
  const user = newUser('journal');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);

  // Step 1: the idea and the pair.
  const idea = widget(page, 'Trade Idea');
  await idea
    .getByRole('textbox', { name: 'Trade idea' })
    .fill('ETH reclaimed 3000; long the retest');
  await idea.getByRole('textbox', { name: 'Trading pair' }).fill('ethusdt');

  // Step 2: tick three cells of the starter board (2 + 3 + 3 points = 8: the 2R tier).
  for (const cell of [1, 6, 11]) {
    await page.getByRole('button', { name: new RegExp(`^Cell ${cell}:`) }).click();
  }
  await expect(
    widget(page, 'Risk/Reward Calculator').getByText('8/20', { exact: true }),
  ).toBeVisible();

  // Step 4: stop first, then entry; the target comes from the tier.
  const details = await planTrade(page, 'Long', 2900, 3000);
  await expect(details.getByTestId('trade-pair')).toHaveText('ETHUSDT');
  await expect(details.getByRole('spinbutton', { name: 'Target' })).toHaveValue('3200');
  await expect(details.getByLabel('Trade summary')).toContainText('$1,000');
  await expect(details.getByLabel('Trade summary')).toContainText('$33.33');
  await expect(details.getByLabel('Trade summary')).toContainText('0.33% of account');
  await details.getByRole('button', { name: 'Save Long trade' }).click();
  await expect(page.getByText('Long ETHUSDT saved')).toBeVisible();
  await expect(details.getByTestId('trade-pair')).toHaveText('ETHUSDT');

  // The stored row holds what was on screen.
  const headers = await bearer(page);
  const listed = await request.get('/api/trades', { headers });
  const trades = (await listed.json()) as Array<Record<string, unknown>>;
  expect(trades).toHaveLength(1);
  expect(trades[0]).toMatchObject({
    pair: 'ETHUSDT',
    isLong: true,
    stopLoss: 2900,
    entryPrice: 3000,
    takeProfit: 3200,
    notes: 'ETH reclaimed 3000; long the retest',
    score: 8,
    tier: 2,
    targetManual: false,
    sizeUsd: 1000,
    riskUsd: 33.333333,
    sizeEstimated: false,
    streakAtOpen: 0,
    accountSizeAtOpen: 10000,
    status: 'OPEN',
  });
  const cells = trades[0]!.cells as Array<{ index: number; title: string; points: number }>;
  expect(cells.map((c) => c.index)).toEqual([0, 5, 10]);
  expect(cells.map((c) => c.points)).toEqual([2, 3, 3]);
  const firstCellTitle = cells[0]!.title;

  // Trade History shows the same facts, then closes the trade at its target.
  await details.getByRole('button', { name: /Trade History/ }).click();
  const history = page.getByRole('dialog', { name: 'Trade History' });
  const row = history.getByRole('listitem', { name: 'ETHUSDT Long, OPEN' });
  await expect(row).toContainText('ETH reclaimed 3000; long the retest');
  await expect(row).toContainText(firstCellTitle);
  await expect(row).toContainText('$1,000');
  await expect(row).toContainText('$33.33');
  await row.getByRole('button', { name: 'Target Hit' }).click();
  await confirmClose(page);
  const won = history.getByRole('listitem', { name: 'ETHUSDT Long, WIN' });
  await expect(won).toContainText('+2.00R');
  await expect(won).toContainText('+$66.67');
  await page.keyboard.press('Escape');

  const closed = (await (await request.get('/api/trades', { headers })).json()) as Array<
    Record<string, unknown>
  >;
  expect(closed[0]).toMatchObject({
    status: 'TARGET_HIT',
    exitPrice: 3200,
    rMultiple: 2,
    pnlUsd: 66.666667,
    profitLoss: 200,
  });

  await expect(dailyFact(page, 'P/L')).toHaveText('+$66.67');
  await expect(dailyFact(page, 'R')).toHaveText('+2.00R');
  await expect(dailyFact(page, 'Trades')).toHaveText('1/3');

  // Closed by hand in the journal: a self-reported result, ranked apart from the verified
  // ones the leaderboard shows by default.
  await page.goto('/leaderboard');
  await page.getByRole('button', { name: 'Self-reported', exact: true }).click();
  await expect(page).toHaveURL(/verified=false/);
  const ranked = page.getByRole('row').filter({ hasText: user.username });
  await expect(ranked).toContainText('+$66.67');
  await expect(ranked).toContainText('+2.00R');
});

test('reaching the daily loss limit ends the session on the dashboard and on the trading page, saying when it opens again', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await ensureAdmin(request);
  const user = newUser('limit');
  await registerViaApi(request, user);
  // The page's clock is Playwright's, so the grass question's 2 s can be run (below).
  await page.clock.install();
  await loginViaUi(page, user.username, user.password);
  await connectPaperAccount(page);

  // A tighter daily loss limit applies at once.
  const daily = sidebar(page).getByRole('region', { name: 'Daily Stats' });
  await daily.getByRole('button', { name: 'Edit daily limits' }).click();
  const limits = daily.getByRole('form', { name: 'Daily limits' });
  await limits.getByLabel('Max daily loss ($)').fill('50');
  await limits.getByRole('button', { name: 'Save' }).click();
  await expect(dailyFact(page, 'Net loss')).toHaveText('$0 / $50');

  // A long stopped out 10 % under its entry loses $100 of a $1,000 position.
  const details = await planTrade(page, 'Long', 90, 100);
  await details.getByRole('button', { name: 'Save Long trade' }).click();
  await expect(page.getByText(/^Long .* saved$/)).toBeVisible();
  await details.getByRole('button', { name: /Trade History/ }).click();
  const history = page.getByRole('dialog', { name: 'Trade History' });
  await history.getByRole('button', { name: 'Stoploss Hit' }).click();
  await confirmClose(page);
  await expect(history.getByRole('listitem', { name: /LOSS$/ })).toContainText('-$100.00');
  await page.keyboard.press('Escape');

  const ended =
    'You have reached your daily loss limit of $50. Trading opens again tomorrow at 00:00 (UTC).';
  await expect(dailyFact(page, 'Net loss')).toHaveText('$100 / $50');
  await expect(sidebar(page).getByText(ended)).toBeVisible();
  await expect(details.getByRole('button', { name: 'Save Long trade' })).toBeDisabled();
  await expect(details.getByText(ended)).toBeVisible();
  // No grass question for a loss limit: the stoploss counter did not end the day.
  await sidebar(page).getByRole('button', { name: '1 SL taken' }).hover();
  await page.clock.runFor(2_500);
  await expect(sidebar(page).getByText('Did you touch some grass?')).toHaveCount(0);

  // The server refuses with the same reason and time.
  const headers = await bearer(page);
  const refused = await request.post('/api/trades', {
    headers,
    data: { pair: 'BTCUSDT', isLong: true, stopLoss: 90, entryPrice: 100, takeProfit: 120 },
  });
  expect(refused.status()).toBe(403);
  const body = (await refused.json()) as { error: Record<string, string> };
  expect(body.error).toMatchObject({ code: 'SESSION_ENDED', reason: 'DAILY_LOSS', message: ended });
  expect(Date.parse(body.error.reopensAt!)).toBeGreaterThan(Date.now());

  await page.goto('/hyperliquid-test');
  const banner = page.getByText('Trading session ended').locator('..').locator('..');
  await expect(banner).toContainText(ended);
  await expect(banner).not.toContainText('grass');
  await page.screenshot({ path: 'test-results/daily-loss-lock.png', fullPage: true });
});
