import { expect, test, type APIRequestContext } from '@playwright/test';
import { ensureAdmin, loginViaUi, newUser } from '../support/users';

/** Registers through the API and returns the account with its id and token. */
async function registerWithId(request: APIRequestContext, user: ReturnType<typeof newUser>) {
  const res = await request.post('/api/users/register', { data: user });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { ...user, id: body.user.id, token: body.token };
}

async function tokenOf(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/users/login', { data: { username, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

test('an admin grants premium; the user reloads and can add a second board', async ({
  page,
  browser,
  request,
}) => {
  const admin = await ensureAdmin(request);
  const trader = await registerWithId(request, newUser('grant'));

  // A normal user meets the premium lock when adding a board.
  await loginViaUi(page, trader.username, trader.password);
  await page.getByRole('button', { name: 'New board' }).click();
  const lock = page.getByRole('dialog', { name: 'Premium Feature' });
  await expect(lock).toBeVisible();
  // Its upgrade button leads to the plans.
  await lock.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
  await page.goto('/bingo');
  await expect(page.getByRole('button', { name: 'New board' })).toBeVisible();

  // The admin finds the user in the panel and grants premium.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await loginViaUi(adminPage, admin.username, admin.password);
  await adminPage.getByRole('button', { name: admin.username }).click();
  await adminPage.getByRole('menuitem', { name: 'Admin Panel' }).click();
  await expect(adminPage).toHaveURL(/\/admin$/);
  await adminPage.getByLabel('Search users').fill(trader.username);
  await adminPage.getByRole('button', { name: `Manage ${trader.username}` }).click();
  const manage = adminPage.getByRole('dialog', { name: `Manage ${trader.username}` });
  await manage.getByRole('button', { name: 'Grant premium' }).click();
  await expect(manage.getByRole('button', { name: 'Revoke premium' })).toBeVisible();
  await adminPage.keyboard.press('Escape');
  const audit = adminPage.getByRole('region', { name: 'Audit log' });
  await expect(
    audit
      .getByRole('row')
      .filter({ hasText: trader.username })
      .filter({ hasText: 'granted premium' }),
  ).toBeVisible();
  await adminContext.close();

  // The user reloads: the server now answers premium, and a second board can be added.
  await page.reload();
  await page.getByRole('button', { name: 'New board' }).click();
  await expect(page.getByRole('group', { name: 'Cells of Board 2' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Premium Feature' })).toHaveCount(0);
});

test('a subscriber cancels and keeps premium until the end date', async ({ page, request }) => {
  const admin = await ensureAdmin(request);
  const trader = await registerWithId(request, newUser('cancel'));
  const adminToken = await tokenOf(request, admin.username, admin.password);
  const added = await request.post(`/api/users/${trader.id}/subscription/add`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { plan: 'monthly' },
  });
  expect(added.status()).toBe(200);
  const { subscription } = (await added.json()) as { subscription: { endDate: string } };

  await loginViaUi(page, trader.username, trader.password);
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Subscription' });
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText('Monthly', { exact: true })).toBeVisible();
  await expect(card.getByText('30', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel subscription' });
  await expect(confirm).toContainText('You keep premium access until the end of the period');
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText('Subscription cancelled successfully')).toBeVisible();

  // Cancelled, but the paid period runs on: same end date, same days, still premium.
  await expect(card.getByText(/^Cancelled — access until/)).toBeVisible();
  await expect(card.getByText('30', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  await expect(page.getByText('Premium User')).toBeVisible();
  const after = await request.get('/api/subscription', {
    headers: {
      authorization: `Bearer ${await tokenOf(request, trader.username, trader.password)}`,
    },
  });
  expect(await after.json()).toMatchObject({
    isPaidUser: true,
    subscription: { active: false, plan: 'monthly', endDate: subscription.endDate },
  });

  await page.goto('/bingo');
  await page.getByRole('button', { name: 'New board' }).click();
  await expect(page.getByRole('group', { name: 'Cells of Board 2' })).toBeVisible();
});

test('closed trades put a trader on the leaderboard; leaving it from the profile takes them off', async ({
  page,
  request,
}) => {
  await ensureAdmin(request);
  const trader = await registerWithId(request, newUser('board'));
  const headers = { authorization: `Bearer ${trader.token}` };
  const outcomes = ['TARGET_HIT', 'STOPLOSS_HIT'] as const;
  for (const status of outcomes) {
    const created = await request.post('/api/trades', {
      headers,
      data: { pair: 'BTCUSDT', isLong: true, stopLoss: 100, entryPrice: 110, takeProfit: 140 },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const closed = await request.put(`/api/trades/${id}/status`, { headers, data: { status } });
    expect(closed.status()).toBe(200);
  }

  await loginViaUi(page, trader.username, trader.password);
  // Trades closed through the API by hand are self-reported: the verified view (the default)
  // does not rank them.
  await page.goto('/leaderboard?verified=false');
  await expect(page.getByRole('button', { name: 'Self-reported', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const row = page.getByRole('row').filter({ hasText: trader.username });
  await expect(row).toBeVisible();
  // A $1,000 win of +3R ($272.73), then, one streak level up, a $1,200 loss of -1R ($109.09):
  // a realised Avg R of +1.00R (normal; the planned R/R of 3.00 is not shown).
  await expect(row).toContainText('50.0%');
  await expect(row).toContainText('+$163.64');
  await expect(row.getByText('+1.00R')).toHaveClass(/lb-rr--normal/);

  await page.getByRole('button', { name: /winrate/i }).click();
  await expect(page).toHaveURL(/sort=winrate/);
  await expect(page).toHaveURL(/verified=false/);
  await expect(row).toBeVisible();

  // Wait for the page's reads (user, subscription, keys) to settle: a switch clicked while the
  // profile is still being re-read can be rendered again with the stored state.
  await page.goto('/profile', { waitUntil: 'networkidle' });
  const visibility = page.getByRole('switch', { name: 'Show me on the leaderboard' });
  await expect(visibility).toBeChecked();
  await visibility.uncheck();
  await expect(page.getByText('You left the leaderboard')).toBeVisible();
  await page.goto('/leaderboard?verified=false');
  await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: trader.username })).toHaveCount(0);
});
