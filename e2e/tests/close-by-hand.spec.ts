import { expect, test } from '@playwright/test';
import { planTrade } from '../support/dashboard';
import { ensureAdmin, loginViaUi, newUser, registerViaApi } from '../support/users';

/*
 * Closing a manual trade at the prices it really got (issue 26): a partial exit, then the
 * rest, each at a typed price; R and USD from the weighted exit, checked against a hand
 * computation on the card, in the sidebar and in the stored row.
 */
test('a partial exit and then the rest at typed prices: R and USD from the weighted exit, stored and shown', async ({
  page,
  request,
}) => {
  await ensureAdmin(request);
  const user = newUser('exits');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);

  // No cells ticked: tier 1, so the target is 1R: stop 90, entry 100, target 110. $1,000 at
  // 100 is 10 units; 1R = $100.
  const details = await planTrade(page, 'Long', 90, 100);
  await expect(details.getByRole('spinbutton', { name: 'Target' })).toHaveValue('110');
  await details.getByRole('button', { name: 'Save Long trade' }).click();
  await expect(page.getByText(/^Long .* saved$/)).toBeVisible();

  await details.getByRole('button', { name: /Trade History/ }).click();
  const history = page.getByRole('dialog', { name: 'Trade History' });
  const row = history.getByRole('listitem', { name: /Long, OPEN$/ });

  // First exit: half the position (5 units) at 104.
  await row.getByRole('button', { name: 'Close at price' }).click();
  let close = page.getByRole('dialog', { name: /^Close / });
  await close.getByLabel('Exit price').fill('104');
  await close.getByRole('radio', { name: '50%' }).check();
  // This part: 5 × $4 = +$20.00; half the position at +0.4R = +0.20R.
  await expect(close.getByLabel('Result')).toHaveText(
    'This part: +$20.00 · +0.20R; 5 BTC stay open.',
  );
  await close.getByRole('button', { name: 'Record partial exit' }).click();
  await expect(close).toBeHidden();
  await expect(row).toBeVisible();

  // The rest (5 units) at 97.8: weighted (5 × 104 + 5 × 97.8) / 10 = 100.9, +$9.00, +0.09R.
  await row.getByRole('button', { name: 'Close at price' }).click();
  close = page.getByRole('dialog', { name: /^Close / });
  await close.getByLabel('Exit price').fill('97.8');
  await expect(close.getByText('5 BTC of 5 BTC open (1 exit taken)')).toBeVisible();
  await expect(close.getByLabel('Result')).toHaveText(
    'Result: WIN +$9.00 · +0.09R at 100.9 (weighted over the exits)',
  );
  await close.getByRole('button', { name: 'Close trade' }).click();
  await expect(close).toBeHidden();

  const won = history.getByRole('listitem', { name: /Long, WIN$/ });
  await expect(won).toContainText('+$9.00');
  await expect(won).toContainText('+0.09R');
  await page.keyboard.press('Escape');

  // The stored row and the risk state hold the same.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const [stored] = (await (await request.get('/api/trades', { headers })).json()) as Array<{
    status: string;
    exitPrice: number;
    rMultiple: number;
    pnlUsd: number;
    exits: Array<{ price: number; quantity: number }>;
  }>;
  expect(stored!.status).toBe('TARGET_HIT');
  expect(stored!.exits.map((e) => e.price)).toEqual([104, 97.8]);
  expect(stored!.exits.map((e) => e.quantity)).toEqual([5, expect.closeTo(5, 9)]);
  expect(stored!.exitPrice).toBeCloseTo(100.9, 9);
  expect(stored!.pnlUsd).toBeCloseTo(9, 9);
  expect(stored!.rMultiple).toBeCloseTo(0.09, 9);
  const risk = (await (await request.get('/api/risk-management', { headers })).json()) as {
    dailyStats: { wins: number; dailyProfit: number };
  };
  expect(risk.dailyStats.wins).toBe(1);
  expect(risk.dailyStats.dailyProfit).toBeCloseTo(9, 9);
  const daily = page
    .getByRole('complementary', { name: 'Risk management' })
    .getByRole('region', { name: 'Daily Stats' });
  await expect(daily).toContainText('$9.00');
});
