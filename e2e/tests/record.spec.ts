import { expect, test, type Page } from '@playwright/test';
import { registerPremiumUser } from '../support/analytics';
import { confirmClose, planTrade, setCellPoints, widget } from '../support/dashboard';
import {
  ensureAdmin,
  loginViaUi,
  logoutViaUi,
  newUser,
  registerViaApi,
  submitLogin,
} from '../support/users';

/** The stored session token, to read back through the API what the screens saved. */
async function bearer(page: Page): Promise<{ authorization: string }> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('no session token stored');
  return { authorization: `Bearer ${token}` };
}

/** Closes the newest OPEN trade of the Trade History with `button` ('Target Hit' or 'Stoploss Hit'). */
async function closeNewest(page: Page, button: 'Target Hit' | 'Stoploss Hit') {
  await widget(page, 'Trade Details')
    .getByRole('button', { name: /Trade History/ })
    .click();
  const history = page.getByRole('dialog', { name: 'Trade History' });
  await history.getByRole('button', { name: button }).first().click();
  await confirmClose(page);
  await expect(history.getByRole('listitem', { name: /(WIN|LOSS)$/ }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
}

test("signing up with a local journal keeps each trade's tier and cells: Trade History and Analytics read them", async ({
  page,
  request,
}) => {
  const user = await registerPremiumUser(request, 'upload');

  // Before signing in: a 3R trade (cells 1 and 2, 7 points each: score 14) won at its target,
  // then a 2R trade (cell 1 alone: score 7) stopped out.
  await page.goto('/bingo');
  await setCellPoints(page, 1, 7);
  await setCellPoints(page, 2, 7);
  await page.getByRole('button', { name: /^Cell 1:/ }).click();
  await page.getByRole('button', { name: /^Cell 2:/ }).click();
  await expect(widget(page, 'Risk/Reward Calculator').getByText('Allowed: 3R/R')).toBeVisible();
  let details = await planTrade(page, 'Long', 100, 110);
  await expect(details.getByRole('spinbutton', { name: 'Target' })).toHaveValue('140');
  await details.getByRole('button', { name: 'Save Long trade' }).click();
  await closeNewest(page, 'Target Hit');
  await page.getByRole('button', { name: /^Cell 2:/ }).click();
  await expect(widget(page, 'Risk/Reward Calculator').getByText('Allowed: 2R/R')).toBeVisible();
  details = await planTrade(page, 'Short', 120, 110);
  await details.getByRole('button', { name: 'Save Short trade' }).click();
  await closeNewest(page, 'Stoploss Hit');

  // Sign in and upload.
  await submitLogin(page, user.username, user.password);
  const dialog = page.getByRole('dialog', { name: 'Upload your local boards and trades?' });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: user.username })).toBeVisible();

  // The stored rows keep the snapshot; neither used one of today's trade slots.
  const headers = await bearer(page);
  const trades = (await (await request.get('/api/trades', { headers })).json()) as Array<{
    isLong: boolean;
    score: number;
    tier: number;
    cells: { index: number; points: number }[];
    status: string;
    rMultiple: number;
    imported: boolean;
    verified: boolean;
  }>;
  const long = trades.find((t) => t.isLong)!;
  const short = trades.find((t) => !t.isLong)!;
  expect(long).toMatchObject({ score: 14, tier: 3, status: 'TARGET_HIT', rMultiple: 3 });
  expect(long.cells.map((c) => [c.index, c.points])).toEqual([
    [0, 7],
    [1, 7],
  ]);
  expect(short).toMatchObject({ score: 7, tier: 2, status: 'STOPLOSS_HIT', rMultiple: -1 });
  expect(trades.every((t) => t.imported && !t.verified)).toBe(true);
  const risk = (await (await request.get('/api/risk-management', { headers })).json()) as {
    dailyStats: { trades: number };
  };
  expect(risk.dailyStats.trades).toBe(0);

  // Trade History shows the tiers and the cells.
  await widget(page, 'Trade Details')
    .getByRole('button', { name: /Trade History/ })
    .click();
  const history = page.getByRole('dialog', { name: 'Trade History' });
  const won = history.getByRole('listitem', { name: /Long, WIN$/ });
  await expect(won).toContainText('Score 14 · tier 3R');
  await expect(won.getByRole('list', { name: 'Ticked cells' }).getByRole('listitem')).toHaveCount(
    2,
  );
  await expect(won).toContainText('imported');
  await expect(history.getByRole('listitem', { name: /Short, LOSS$/ })).toContainText(
    'Score 7 · tier 2R',
  );
  await page.keyboard.press('Escape');

  // Analytics teaches the right lesson: the 3R tier won, the 2R tier lost.
  await page.goto('/analytics');
  const tiers = page.getByRole('table', { name: 'Outcome by score tier' });
  await expect(tiers.getByRole('row', { name: /^3R\/R 1 100/ })).toBeVisible();
  await expect(tiers.getByRole('row', { name: /^2R\/R 1 0/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/imported-journal-analytics.png', fullPage: true });
});

test('logging out clears the trade idea and pair: the next trader on the device finds them empty', async ({
  page,
  request,
}) => {
  await ensureAdmin(request);
  const first = newUser('phone');
  const next = newUser('phone');
  await registerViaApi(request, first);
  await registerViaApi(request, next);

  await loginViaUi(page, first.username, first.password);
  const idea = widget(page, 'Trade Idea');
  await idea.getByRole('textbox', { name: 'Trade idea' }).fill('ETH reclaim, third try');
  await idea.getByRole('textbox', { name: 'Trading pair' }).fill('ETHUSDT');
  await page.reload();
  await expect(widget(page, 'Trade Idea').getByRole('textbox', { name: 'Trade idea' })).toHaveValue(
    'ETH reclaim, third try',
  );
  await logoutViaUi(page, first.username);

  await loginViaUi(page, next.username, next.password);
  const theirs = widget(page, 'Trade Idea');
  await expect(theirs.getByRole('textbox', { name: 'Trade idea' })).toHaveValue('');
  await expect(theirs.getByRole('textbox', { name: 'Trading pair' })).toHaveValue('');
  await expect(page.getByText('ETH reclaim, third try')).toHaveCount(0);
});
