import { expect, test, type Locator } from '@playwright/test';
import { hitFirstStoploss, planTrade, setCellPoints, widget } from '../support/dashboard';
import { ensureAdmin, loginViaUi, newUser, registerViaApi } from '../support/users';

test('anonymous: tick cells to 2R, plan and save long trades, three stoplosses end the session', async ({
  page,
}) => {
  // Mid-morning in the browser's zone, so the grass reset (60 minutes after the third
  // stoploss) would still fall within the day: it is not offered only because it would not
  // reopen trading, the three trades of the day being used as well.
  // The page's clock is Playwright's: its timers run when the test says so (runFor below).
  await page.clock.install({ time: new Date('2026-03-10T10:00:00') });
  await page.goto('/bingo');
  await setCellPoints(page, 1, 4);
  await setCellPoints(page, 2, 2);
  await page.getByRole('button', { name: /^Cell 1:/ }).click();
  await page.getByRole('button', { name: /^Cell 2:/ }).click();
  const risk = widget(page, 'Risk/Reward Calculator');
  await expect(risk.getByText('6/20', { exact: true })).toBeVisible();
  await expect(risk.getByText('Allowed: 2R/R')).toBeVisible();

  for (let round = 1; round <= 3; round += 1) {
    const details = await planTrade(page, 'Long', 100, 110);
    await expect(details.getByRole('spinbutton', { name: 'Target' })).toHaveValue('130');
    await expect(details.getByLabel('Risk/reward')).toHaveText('2.00');
    await details.getByRole('button', { name: 'Save Long trade' }).click();
    await expect(details.getByRole('spinbutton', { name: 'Stoploss' })).toHaveValue('');
    await hitFirstStoploss(page);
  }

  const sidebar = page.getByRole('complementary', { name: 'Risk management' });
  const counter = sidebar.getByRole('button', { name: 'Session ended' });
  await expect(counter).toBeVisible();
  await counter.hover();
  await expect(sidebar.getByRole('tooltip')).toHaveText('Session ended, come back later');
  // Only the true reopening: 3 stoplosses and 3 of 3 trades both bind until midnight, so the
  // grass question (which would reset the stoplosses alone) is not asked.
  await expect(sidebar.getByRole('status')).toContainText(
    'You have reached the maximum number of stoploss trades for today and your limit of 3 trades for today. Trading opens again tomorrow at 00:00',
  );
  await expect(sidebar.getByRole('status')).not.toContainText('grass');
  // The question would come 2 s after the hover: it does not.
  await page.clock.runFor(2_500);
  await expect(sidebar.getByText('Did you touch some grass?')).toHaveCount(0);
  // Nothing went to the server: the journal lives in the browser.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('trades') ?? '[]'));
  expect(stored).toHaveLength(3);
});

test('signed in: a widget dragged by its handle stays where it was left after a reload', async ({
  page,
  request,
}) => {
  await ensureAdmin(request);
  const user = newUser('drag');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);

  const bingo = widget(page, 'Bingo Grid');
  await expect(bingo).toBeVisible();
  // The grid lays itself out once it knows its width, and again as widgets load: the drag
  // starts once the widget has stopped moving, from where the handle is then.
  const before = await settledBox(bingo);
  const handle = page.getByRole('button', { name: 'Move Bingo Grid', exact: true });
  const grip = await settledBox(handle);

  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/api/users/widget-layout') && res.request().method() === 'PUT',
  );
  await handle.hover();
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) {
    await page.mouse.move(
      grip.x + grip.width / 2 - step * 30,
      grip.y + grip.height / 2 + step * 40,
    );
  }
  await page.mouse.up();
  expect((await saved).ok()).toBe(true);
  const moved = await settledBox(bingo);
  expect(moved.x !== before.x || moved.y !== before.y).toBe(true);

  await page.reload();
  await expect(bingo).toBeVisible();
  const after = await settledBox(bingo);
  expect(after.x).toBeCloseTo(moved.x, 0);
  expect(after.y).toBeCloseTo(moved.y, 0);
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where an element is once two reads 100 ms apart agree (layout and animations done). */
async function settledBox(locator: Locator): Promise<Box> {
  const seen: { box: Box | null } = { box: null };
  await expect
    .poll(
      async () => {
        const box = await locator.boundingBox();
        const same = box !== null && JSON.stringify(box) === JSON.stringify(seen.box);
        seen.box = box;
        return same;
      },
      { intervals: [100] },
    )
    .toBe(true);
  if (!seen.box) throw new Error('the element is not on screen');
  return seen.box;
}
