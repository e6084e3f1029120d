import { expect, test, type APIRequestContext } from '@playwright/test';
import { bearer, registerUser } from '../support/analytics';
import { planTrade, widget } from '../support/dashboard';
import { ensureAdmin, loginViaUi } from '../support/users';

/*
 * Issue 31, script cells: an annual trader turns two cells of the board into script cells,
 * plans a trade on the paper exchange's BTC, sees what the script found on the cells and in
 * the score, and saves the trade; the stored trade records the script cells with the values
 * the script saw. The expected ticks are the API's own answer for the same minute
 * (GET /api/script-cells, which the server keeps a minute, so plan and save agree).
 */

interface ScriptAnswer {
  cells: { id: string; ticked: boolean; value: number | null; points: number; detail: string }[];
}

async function adminToken(request: APIRequestContext) {
  const admin = await ensureAdmin(request);
  const login = await request.post('/api/users/login', {
    data: { username: admin.username, password: admin.password },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

test('an annual trader plans with two script cells: the script ticks them, the score counts them, the trade records them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const trader = await registerUser(request, 'script');
  const added = await request.post(`/api/users/${trader.id}/subscription/add`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { plan: 'annual' },
  });
  expect(added.status(), await added.text()).toBe(200);

  // The side on which both BTC trend cells tick (the synthetic path decides which).
  const ask = async (isLong: boolean) => {
    const res = await request.get(`/api/script-cells?pair=BTCUSDT&isLong=${isLong}&timeframe=1h`, {
      headers: bearer(trader),
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as ScriptAnswer;
  };
  const long = await ask(true);
  const isLong = long.cells.find((c) => c.id === 'daily-trend')!.ticked;
  const answer = isLong ? long : await ask(false);
  const trend = answer.cells.find((c) => c.id === 'daily-trend')!;
  const btc = answer.cells.find((c) => c.id === 'btc-agrees')!;

  await loginViaUi(page, trader.username, trader.password);
  const board = widget(page, 'Bingo Grid');

  // Cell 1 and 2 become script cells through the cell editor.
  for (const [cell, label] of [
    [1, 'Trend on the daily agrees'],
    [2, 'BTC not against the trade'],
  ] as const) {
    await page.getByRole('button', { name: `Edit cell ${cell}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Edit cell ${cell}`, exact: true });
    await dialog.getByLabel('Cell kind').selectOption({ label: `Script: ${label}` });
    await expect(dialog.getByText(/^Rule: /)).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }
  // An own cell worth 3, ticked by hand.
  await page.getByRole('button', { name: 'Edit cell 3', exact: true }).click();
  const own = page.getByRole('dialog', { name: 'Edit cell 3', exact: true });
  await own.getByLabel('Points').fill('3');
  await own.getByRole('button', { name: 'Save' }).click();
  await expect(own).toBeHidden();
  await page.getByRole('button', { name: /^Cell 3:/ }).click();

  const details = await planTrade(page, isLong ? 'Long' : 'Short', isLong ? 90 : 110, 100);
  const side = isLong ? 'long' : 'short';
  // Said to screen readers (the cells show it).
  await expect(
    board.getByRole('status').filter({ hasText: `Script cells ticked for BTCUSDT ${side}.` }),
  ).toBeAttached();

  const state = (ticked: boolean) => (ticked ? 'Ticked' : 'Not ticked');
  const trendCell = board.getByRole('button', {
    name: `Cell 1: Trend on the daily agrees, 2 points, script cell: ${state(trend.ticked)}`,
  });
  const btcCell = board.getByRole('button', {
    name: `Cell 2: BTC not against the trade, 1 point, script cell: ${state(btc.ticked)}`,
  });
  await expect(trendCell).toBeVisible();
  await expect(btcCell).toBeVisible();
  await expect(trendCell).toHaveAttribute('aria-disabled', 'true');
  // The data the script used, in the cell's description (its tooltip).
  await expect(trendCell).toHaveAccessibleDescription(new RegExp(escape(trend.detail)));
  await trendCell.focus();
  // Focus opens its tooltip (the cell's own, beside the button), as hover does.
  await expect(trendCell.locator('xpath=..').getByRole('tooltip')).toBeVisible();

  const scriptPoints = (trend.ticked ? 2 : 0) + (btc.ticked ? 1 : 0);
  const score = 3 + scriptPoints;
  const risk = widget(page, 'Risk/Reward Calculator');
  await expect(risk.getByText(`${score}/20`, { exact: true })).toBeVisible();
  await expect(risk.getByText(`Allowed: ${score >= 6 ? 2 : 1}R/R`)).toBeVisible();

  // Clicking a script cell, or Space on it, does not tick it.
  await trendCell.click({ force: true }); // aria-disabled: Playwright would wait for it to enable
  await page.keyboard.press('Space');
  await expect(risk.getByText(`${score}/20`, { exact: true })).toBeVisible();
  await expect(trendCell).toHaveAttribute('aria-disabled', 'true');

  await board.screenshot({ path: 'test-results/script-cells-board.png' });
  await page.screenshot({ path: 'test-results/script-cells-dashboard.png', fullPage: true });

  await details.getByRole('button', { name: `Save ${isLong ? 'Long' : 'Short'} trade` }).click();
  await expect(page.getByText(/ saved$/)).toBeVisible();

  const trades = await request.get('/api/trades', { headers: bearer(trader) });
  expect(trades.status()).toBe(200);
  const [trade] = (await trades.json()) as {
    score: number;
    tier: number;
    cells: { index: number; script?: string; value?: number | null; points: number }[];
  }[];
  const recorded = trade!.cells.filter((c) => c.script);
  const expected = [trend, btc]
    .filter((c) => c.ticked)
    .map((c) => ({ index: c.id === 'daily-trend' ? 0 : 1, script: c.id, value: c.value }));
  expect(recorded.map(({ index, script, value }) => ({ index, script, value }))).toEqual(expected);
  expect(trade!.score).toBe(score);
  expect(trade!.tier).toBe(score >= 6 ? 2 : 1);

  // The trade card names the script cells with what they saw.
  await details.getByRole('button', { name: /Trade History/ }).click();
  const history = page.getByRole('dialog', { name: 'Trade History' });
  if (trend.ticked) {
    await expect(history.getByText(/^Script: Trend on the daily agrees \(/)).toBeVisible();
  }
  await page.keyboard.press('Escape');

  // On a phone the script cells read the same.
  await page.setViewportSize({ width: 390, height: 844 });
  // The grid lays the widgets out again for the phone (Trade Details starts again on Short,
  // so the script reads the cells again, and the cells are drawn anew): the picture waits for
  // the script's answer and for a cell that stays in place long enough to scroll to.
  const phoneCell = board.getByRole('button', { name: /^Cell 1: Trend on the daily agrees, / });
  await expect(phoneCell).not.toHaveAccessibleName(/Checking/);
  await expect(async () => {
    await phoneCell.scrollIntoViewIfNeeded({ timeout: 1_000 });
  }).toPass();
  await page.screenshot({ path: 'test-results/script-cells-board-phone.png' });
});

/** A string as a literal inside a RegExp. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
