import { expect, test, type Page } from '@playwright/test';
import { planTrade, setCellPoints, widget } from '../support/dashboard';
import { ensureAdmin, loginViaUi, newUser, registerViaApi } from '../support/users';

/** The stored session token, to read back through the API what the screens saved. */
async function bearer(page: Page): Promise<{ authorization: string }> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('no session token stored');
  return { authorization: `Bearer ${token}` };
}

test("a DOGE trade keeps its prices: typed, stored and shown on its card at DOGE's precision (issue 26)", async ({
  page,
  request,
}) => {
  await ensureAdmin(request);
  const user = newUser('prices');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);

  await widget(page, 'Trade Idea').getByRole('textbox', { name: 'Trading pair' }).fill('dogeusdt');
  // Cells 1 and 2 at 7 points each: score 14, the 3R tier.
  await setCellPoints(page, 1, 7);
  await setCellPoints(page, 2, 7);
  await page.getByRole('button', { name: /^Cell 1:/ }).click();
  await page.getByRole('button', { name: /^Cell 2:/ }).click();
  await expect(widget(page, 'Risk/Reward Calculator').getByText('Allowed: 3R/R')).toBeVisible();

  // 0.1968 + 3 × (0.1968 − 0.1932) = 0.2076: four decimals typed, four kept.
  const details = await planTrade(page, 'Long', 0.1932, 0.1968);
  await expect(details.getByRole('spinbutton', { name: 'Target' })).toHaveValue('0.2076');
  await details.getByRole('button', { name: 'Save Long trade' }).click();
  await expect(page.getByText('Long DOGEUSDT saved')).toBeVisible();

  const headers = await bearer(page);
  const trades = (await (await request.get('/api/trades', { headers })).json()) as Array<
    Record<string, unknown>
  >;
  expect(trades).toHaveLength(1);
  expect(trades[0]).toMatchObject({
    pair: 'DOGEUSDT',
    stopLoss: 0.1932,
    entryPrice: 0.1968,
    takeProfit: 0.2076,
  });

  await details.getByRole('button', { name: /Trade History/ }).click();
  const history = page.getByRole('dialog', { name: 'Trade History' });
  const card = history.getByRole('listitem', { name: 'DOGEUSDT Long, OPEN' });
  const fact = (term: string) =>
    card
      .locator('dt', { hasText: new RegExp(`^${term}$`) })
      .locator('xpath=following-sibling::dd[1]');
  await expect(fact('SL')).toHaveText('0.1932');
  await expect(fact('Entry')).toHaveText('0.1968');
  await expect(fact('Target')).toHaveText('0.2076');
});
