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

/*
 * Undo within a few seconds (issue 26): the notification that says the trade closed carries
 * Undo; pressing it puts the trade OPEN again and the risk state (stoplosses, streak, daily
 * loss) back as it was, on screen and on the server.
 */
test('Stoploss Hit, then Undo in the notification: the trade is OPEN again and the sidebar is back', async ({
  page,
  request,
}) => {
  await ensureAdmin(request);
  const user = newUser('undo');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);
  const sidebar = page.getByRole('complementary', { name: 'Risk management' });
  const slCounter = sidebar.getByRole('button', { name: /SL taken$/ });
  await expect(slCounter).toHaveText('No SL taken');
  await expect(sidebar.getByText('Normal trade')).toBeVisible();

  // Stop 90, entry 100: $1,000 is 10 units, the stop loses $100 (-1R).
  const details = await planTrade(page, 'Long', 90, 100);
  await details.getByRole('button', { name: 'Save Long trade' }).click();
  await expect(page.getByText(/^Long .* saved$/)).toBeVisible();
  await details.getByRole('button', { name: /Trade History/ }).click();
  const history = page.getByRole('dialog', { name: 'Trade History' });
  await history.getByRole('button', { name: 'Stoploss Hit' }).click();
  const close = page.getByRole('dialog', { name: /^Close / });
  await close.getByRole('button', { name: 'Close trade' }).click();
  await expect(close).toBeHidden();
  await expect(history.getByRole('listitem', { name: /Long, LOSS$/ })).toContainText('-$100.00');

  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const read = async () => ({
    trades: (await (await request.get('/api/trades', { headers })).json()) as Array<{
      status: string;
      exits: unknown[];
      exitPrice: number | null;
      pnlUsd: number | null;
    }>,
    risk: (await (await request.get('/api/risk-management', { headers })).json()) as {
      slTaken: number;
      tradeStreak: number;
      dailyStats: { losses: number; dailyLoss: number };
    },
  });
  expect((await read()).risk).toMatchObject({ slTaken: 1, tradeStreak: -1 });

  const notifications = page.getByRole('region', { name: 'Notifications' });
  const notice = notifications.getByText('BTCUSDT Long closed: LOSS -$100.00 · -1.00R');
  await expect(notice).toBeVisible();
  await notifications.getByRole('button', { name: 'Undo' }).click();
  await expect(
    notifications.getByText('Exit undone: the trade and your risk figures are back as they were.'),
  ).toBeVisible();
  // The Trade History stayed open, and shows the trade OPEN again.
  await expect(history.getByRole('listitem', { name: /Long, OPEN$/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  await expect(slCounter).toHaveText('No SL taken');
  await expect(sidebar.getByText('Normal trade')).toBeVisible();
  const after = await read();
  expect(after.trades).toHaveLength(1);
  expect(after.trades[0]).toMatchObject({
    status: 'OPEN',
    exits: [],
    exitPrice: null,
    pnlUsd: null,
  });
  expect(after.risk).toMatchObject({ slTaken: 0, tradeStreak: 0 });
  expect(after.risk.dailyStats).toMatchObject({ losses: 0, dailyLoss: 0 });
});
