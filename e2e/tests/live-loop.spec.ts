import { expect, test, type Page } from '@playwright/test';
import { planTrade, widget } from '../support/dashboard';
import { connectPaperAccount } from '../support/exchange';
import { pinMark } from '../support/paper';
import { ensureAdmin, loginViaUi, newUser, registerViaApi } from '../support/users';

async function bearer(page: Page): Promise<{ authorization: string }> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('no session token stored');
  return { authorization: `Bearer ${token}` };
}

function sidebar(page: Page) {
  return page.getByRole('complementary', { name: 'Risk management' });
}

/** Places the planned trade as a bracket through Trade Details' "Place on Hyperliquid". */
async function placeOnHyperliquid(
  page: Page,
  type: 'Limit at entry' | 'Market',
  leverage: number,
  margin?: string,
) {
  const details = widget(page, 'Trade Details');
  await details.getByRole('button', { name: 'Place on Hyperliquid' }).click();
  const dialog = page.getByRole('dialog', { name: 'Place on Hyperliquid' });
  await dialog.getByRole('radio', { name: type, exact: true }).check();
  await dialog.getByLabel(/^Leverage/).fill(String(leverage));
  const summary = dialog.getByLabel('Order summary');
  await expect(summary).toContainText('Margin');
  if (margin) await expect(summary).toContainText(margin);
  await expect(summary).toContainText('Liquidation (estimated)');
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
}

test.afterEach(async ({ request }) => {
  await pinMark(request, 'ETH', null);
});

test('live loop: a bracket placed from Trade Details closes at its target as a verified win and moves the streak; a stop then moves the counter', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await ensureAdmin(request);
  const user = newUser('live');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);
  await connectPaperAccount(page);
  await pinMark(request, 'ETH', 3010);

  // A long on ETH: stop 2900, entry 3000 (a limit under the 3,010 mark rests).
  // With live trading on, the pair is one of the exchange's markets.
  await widget(page, 'Trade Idea')
    .getByRole('combobox', { name: 'Trading pair' })
    .selectOption('ETH-USD');
  const details = await planTrade(page, 'Long', 2900, 3000);
  const target = Number(await details.getByRole('spinbutton', { name: 'Target' }).inputValue());
  expect(target).toBeGreaterThan(3000);
  // While a bracket works, the dashboard follows the server's push (issue 27): the card and the
  // sidebar below move from its events, and the trades are polled only every 30 s meanwhile.
  const pushed = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/events' && res.status() === 200,
  );
  await placeOnHyperliquid(page, 'Limit at entry', 5, '$200');
  const stream = await pushed;
  expect(await stream.headerValue('content-type')).toBe('text/event-stream; charset=utf-8');

  // The journal row and its orders were stored in one step.
  const headers = await bearer(page);
  const [placed] = (await (await request.get('/api/trades', { headers })).json()) as Array<{
    id: string;
    pair: string;
    status: string;
    sizeUsd: number;
    live?: { execution: string; leverage: number; orders: Record<string, string | null> };
  }>;
  expect(placed).toMatchObject({ status: 'OPEN', sizeUsd: 1000 });
  expect(placed!.pair).toMatch(/^ETH/);
  expect(placed!.live).toMatchObject({ execution: 'resting', leverage: 5 });
  expect(placed!.live!.orders.entry).toMatch(/^\d+$/);

  await details.getByRole('button', { name: /Trade History/ }).click();
  const history = page.getByRole('dialog', { name: 'Trade History' });
  const open = history.getByRole('listitem', { name: /^ETH\S* Long, OPEN$/ });
  await expect(open).toContainText('Entry resting at 3,000');

  // The mark falls through the entry: it fills; then it rises through the target.
  await pinMark(request, 'ETH', 2995);
  await expect(open).toContainText('Entry filled at', { timeout: 15_000 });
  await pinMark(request, 'ETH', target + 10);
  const won = history.getByRole('listitem', { name: /^ETH\S* Long, WIN$/ });
  await expect(won).toContainText('Closed by the exchange', { timeout: 15_000 });
  await expect(won).toContainText('Verified');
  await page.screenshot({ path: 'test-results/live-loop-win.png', fullPage: true });
  await page.keyboard.press('Escape');

  // The sidebar moved without a reload: one win is the Bonus streak.
  await expect(sidebar(page)).toContainText('Bonus streak');

  const closed = (await (await request.get(`/api/trades/${placed!.id}`, { headers })).json()) as {
    status: string;
    verified: boolean;
    exitPrice: number;
    feesUsd: number;
    rMultiple: number;
    pnlUsd: number;
  };
  expect(closed).toMatchObject({ status: 'TARGET_HIT', verified: true });
  expect(closed.feesUsd).toBeGreaterThan(0);
  expect(closed.exitPrice).toBeGreaterThanOrEqual(target - 20);
  expect(closed.rMultiple).toBeGreaterThan(0.5);
  expect(closed.pnlUsd).toBeGreaterThan(0);

  // A market long from the new mark, stopped out: the stoploss counter moves.
  const mark = target + 10;
  await planTrade(page, 'Long', mark - 100, mark);
  await placeOnHyperliquid(page, 'Market', 3);
  await pinMark(request, 'ETH', mark - 120);
  await expect(sidebar(page).getByRole('button', { name: '1 SL taken' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(sidebar(page)).toContainText('Normal trade');
  const all = (await (await request.get('/api/trades', { headers })).json()) as Array<{
    status: string;
    verified: boolean;
  }>;
  expect(all.map((t) => [t.status, t.verified])).toEqual(
    expect.arrayContaining([
      ['TARGET_HIT', true],
      ['STOPLOSS_HIT', true],
    ]),
  );
  await page.screenshot({ path: 'test-results/live-loop-stop.png', fullPage: true });

  // Both results were closed by fills: the trader is on the verified leaderboard, with the badge.
  // The verified view is the default: no address parameter, its toggle pressed.
  await page.goto('/leaderboard');
  await expect(page.getByRole('button', { name: 'Verified', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page).not.toHaveURL(/verified=/);
  const ranked = page.getByRole('row').filter({ hasText: user.username });
  await expect(ranked).toContainText('Verified');

  // One size rule (issue 26): the sidebar's trade size, from the balance after two trades, is
  // what Trade Details suggests and what the saved trade records, with the balance as account.
  await page.goto('/bingo');
  const assets = sidebar(page).getByRole('region', { name: 'Assets' });
  const shownSize = assets.locator('dt', { hasText: 'Trade size' }).locator('+ dd');
  await expect(assets).toContainText('USDC balance from Hyperliquid');
  const sizeText = (await shownSize.innerText()).trim();
  const journal = await planTrade(page, 'Long', mark - 300, mark - 200);
  await expect(journal.getByText(`Suggested ${sizeText}`)).toBeVisible();
  await journal.getByRole('button', { name: 'Save Long trade' }).click();
  const listed = async () =>
    (await (await request.get('/api/trades', { headers })).json()) as Array<{
      status: string;
      verified: boolean;
      offPlan: boolean;
      sizeUsd: number;
      accountSizeAtOpen: number;
    }>;
  await expect.poll(async () => (await listed()).filter((t) => t.status === 'OPEN').length).toBe(1);
  const saved = (await listed()).find((t) => t.status === 'OPEN')!;
  expect(`$${saved.sizeUsd.toLocaleString('en-US')}`).toBe(sizeText);
  const account = (await (await request.get('/api/exchange/account', { headers })).json()) as {
    data: { info: { usdcValue: number } };
  };
  expect(saved.accountSizeAtOpen).toBeCloseTo(account.data.info.usdcValue, 2);

  // Trade History's source filter narrows the mixed record: two verified, one self-reported.
  await widget(page, 'Trade Details')
    .getByRole('button', { name: /Trade History/ })
    .click();
  const records = page.getByRole('dialog', { name: 'Trade History' });
  const cards = records.getByRole('listitem', { name: /^ETH/ });
  await expect(cards).toHaveCount(3);
  await records.getByRole('combobox', { name: 'Source' }).selectOption('Verified');
  await expect(cards).toHaveCount(2);
  await expect(records.getByRole('listitem', { name: /WIN$/ })).toContainText('Verified');
  await records.getByRole('combobox', { name: 'Source' }).selectOption('Self-reported');
  await expect(cards).toHaveCount(1);
  await expect(records.getByRole('listitem', { name: /^ETH\S* Long, OPEN$/ })).toBeVisible();
});
