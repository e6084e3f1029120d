import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { linkFromOutbox, mailFromOutbox } from '../support/outbox';
import { ensureAdmin, loginViaUi, newUser } from '../support/users';

/**
 * Issue 31: the monthly strategy and the shop. An admin writes a strategy with a board and
 * publishes it with the subscribers' mail; an annual trader sees it on the dashboard, loads its
 * board in one click, finds it in the archive and in the mail; a free trader meets the lock;
 * the shop adds the script-cell board for the annual trader.
 */

interface BingoCard {
  data: {
    currentPageIndex: number;
    bingoPages: {
      name: string;
      bingoCells: { title: string; points: number; selected: boolean; script?: string }[];
    }[];
  };
}

const STARTER_TITLES_FROM_2 = 'Key level marked on the chart';

async function tokenOf(request: APIRequestContext, user: { username: string; password: string }) {
  const res = await request.post('/api/users/login', {
    data: { username: user.username, password: user.password },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Registers, verifies the address through the outbox, and returns the account and its id. */
async function verifiedUser(request: APIRequestContext, prefix: string) {
  const user = newUser(prefix);
  const res = await request.post('/api/users/register', { data: user });
  expect(res.status()).toBe(201);
  const id = ((await res.json()) as { user: { id: string } }).user.id;
  const path = await linkFromOutbox(user.email, 'Verify');
  const token = path.split('/').at(-1)!;
  expect((await request.get(`/api/auth/verify-email/${token}`)).status()).toBe(200);
  return { ...user, id };
}

async function bingoCard(request: APIRequestContext, token: string) {
  const res = await request.get('/api/bingo/card', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as BingoCard).data;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: false });
}

test('an admin publishes a strategy with mail; an annual trader loads its board and finds it again', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await ensureAdmin(request);
  const adminToken = await tokenOf(request, admin);
  const trader = await verifiedUser(request, 'strat');
  const added = await request.post(`/api/users/${trader.id}/subscription/add`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { plan: 'annual' },
  });
  expect(added.status()).toBe(200);
  const title = `Trend days ${Date.now().toString(36)}`;

  // The admin writes the strategy: title, text (previewed), a board from the starter cells
  // with cell 1 made its own.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await loginViaUi(adminPage, admin.username, admin.password);
  await adminPage.goto('/admin');
  const card = adminPage.getByRole('region', { name: 'Strategies', exact: true });
  await card.getByRole('button', { name: 'New strategy' }).click();
  const form = adminPage.getByRole('form', { name: 'New strategy' });
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form
    .getByLabel('Text', { exact: true })
    .fill(
      '## The plan\n\nTrade **with** the daily trend, and only after the close.\n\n- Mark the level\n- Wait for the close\n\n<script>alert(1)</script>',
    );
  const preview = form.getByRole('region', { name: 'Preview of the text' });
  await expect(preview.getByRole('heading', { name: 'The plan' })).toBeVisible();
  await expect(preview).toContainText('<script>alert(1)</script>');
  await form.getByRole('button', { name: 'Start from the starter board' }).click();
  await form.getByRole('button', { name: /^Cell 1:/ }).click();
  await form.getByLabel('Cell 1 title').fill('Daily trend up');
  await form.getByLabel('Cell 1 points').fill('4');
  await form
    .getByRole('button', { name: 'Cell 1: Daily trend up, 4 points' })
    .scrollIntoViewIfNeeded();
  await shoot(adminPage, 'strategy-admin-editor');
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await form.getByRole('group', { name: 'Cells, pick one to edit' }).scrollIntoViewIfNeeded();
  await shoot(adminPage, 'strategy-admin-editor-phone');
  await adminPage.setViewportSize({ width: 1280, height: 800 });
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(form).toBeHidden();

  const row = card.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Draft');
  await row.getByRole('button', { name: `Publish ${title}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Publish the strategy' });
  const thisMonth = new Date().toISOString().slice(0, 7);
  await expect(dialog.getByLabel('Month')).toHaveValue(thisMonth);
  await dialog.getByLabel(/Mail subscribers/).check();
  await dialog.getByRole('button', { name: /^Publish for / }).click();
  await expect(adminPage.getByText(/subscriber mails? on the way/)).toBeVisible();
  await expect(row).toContainText('Published');
  await adminContext.close();

  // The trader: the dashboard card, Load board in one click.
  await loginViaUi(page, trader.username, trader.password);
  const strategyCard = page.getByRole('region', { name: new RegExp(title) });
  await expect(strategyCard).toContainText('Trade with the daily trend');
  await shoot(page, 'strategy-dashboard-card');
  await strategyCard.getByRole('button', { name: 'Load board' }).click();
  await expect(page.getByText(`Board "${title}" added to your boards and opened.`)).toBeVisible();
  await expect(page.getByRole('group', { name: `Cells of ${title}` })).toBeVisible();

  const token = await tokenOf(request, trader);
  await expect
    .poll(async () => (await bingoCard(request, token)).bingoPages.map((b) => b.name))
    .toContain(title);
  const state = await bingoCard(request, token);
  const board = state.bingoPages.find((b) => b.name === title)!;
  expect(state.bingoPages[state.currentPageIndex]!.name).toBe(title);
  expect(board.bingoCells).toHaveLength(25);
  expect(board.bingoCells[0]).toMatchObject({
    title: 'Daily trend up',
    points: 4,
    selected: false,
  });
  expect(board.bingoCells[1]).toMatchObject({ title: STARTER_TITLES_FROM_2, points: 1 });
  expect(board.bingoCells.every((c) => !c.selected && c.title !== '')).toBe(true);

  // The archive, and the strategy in full.
  await page.goto('/strategies');
  const item = page.getByRole('article').filter({ hasText: title });
  await expect(item).toBeVisible();
  await item.getByRole('link', { name: `Read ${title}` }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The plan' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: `The board of ${title}` }).getByRole('listitem'),
  ).toHaveCount(25);
  await expect(page.locator('script', { hasText: 'alert(1)' })).toHaveCount(0);
  await shoot(page, 'strategy-page');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('heading', { name: 'The board' }).scrollIntoViewIfNeeded();
  await shoot(page, 'strategy-page-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The subscriber's mail: title, month, excerpt and the link to the strategy page.
  const mail = await mailFromOutbox(trader.email, title);
  expect(mail.subject).toContain('Strategy of');
  expect(mail.text).toContain('Trade with the daily trend');
  expect(new URL(mail.links[0]!).pathname).toMatch(/^\/strategies\/[0-9a-f-]{36}$/);

  // The phone: the card folds to one line.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/bingo');
  await expect(page.getByRole('region', { name: new RegExp(title) })).toBeVisible();
  await shoot(page, 'strategy-dashboard-card-phone');

  // The shop adds the script-cell board for the annual trader.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/shop');
  await expect(page.getByRole('button', { name: 'Load board ' + title })).toBeVisible();
  await shoot(page, 'strategy-shop');
  await page.getByRole('button', { name: 'Add the script-cell board' }).click();
  await expect(page).toHaveURL(/\/bingo$/);
  await expect
    .poll(async () => (await bingoCard(request, token)).bingoPages.map((b) => b.name))
    .toContain('Script cells');
  const scripts = (await bingoCard(request, token)).bingoPages.find(
    (b) => b.name === 'Script cells',
  )!;
  expect(scripts.bingoCells.slice(0, 5).map((c) => c.script)).toEqual([
    'daily-trend',
    'funding-calm',
    'btc-agrees',
    'volume-up',
    'not-extended',
  ]);
  expect(scripts.bingoCells.slice(5).every((c) => c.title === '')).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/shop');
  await expect(page.getByRole('heading', { name: 'Script cells', level: 2 })).toBeVisible();
  await shoot(page, 'strategy-shop-phone');
  await page.getByRole('heading', { name: 'What each plan unlocks' }).scrollIntoViewIfNeeded();
  await shoot(page, 'strategy-shop-plans-phone');
});

test('a free trader meets the premium lock on the strategies and gets no mail', async ({
  page,
  request,
}) => {
  await ensureAdmin(request);
  const free = newUser('free');
  expect((await request.post('/api/users/register', { data: free })).status()).toBe(201);
  await loginViaUi(page, free.username, free.password);
  await expect(page.getByRole('complementary', { name: 'Monthly strategy' })).toBeVisible();
  await shoot(page, 'strategy-dashboard-teaser');
  await page.goto('/strategies');
  await expect(page.getByRole('dialog', { name: 'Premium Feature' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  const res = await request.get('/api/strategies', {
    headers: { authorization: `Bearer ${await tokenOf(request, free)}` },
  });
  expect(res.status()).toBe(403);
});
