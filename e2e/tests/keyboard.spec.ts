import { expect, test, type Page } from '@playwright/test';
import { bearer, registerUser } from '../support/analytics';
import { widget } from '../support/dashboard';
import { screens, signInBrowser } from '../support/visual';

test.use({ ...screens.desktop });

/** The focused element, described for failure messages: role, name, text. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'the page body';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `<${el.tagName.toLowerCase()} role=${el.getAttribute('role') ?? ''}> "${name}"`;
  });
}

test('keyboard only: tab to the board, move with arrows, tick cells with Space and Enter, tab on to Trade Details and save the trade', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'keys');
  await signInBrowser(page, user);
  await page.goto('/bingo');
  const cells = page.getByRole('group', { name: /^Cells of / });
  const cell = (n: number) => cells.getByRole('button', { name: new RegExp(`^Cell ${n}:`) });
  await expect(cell(1)).toBeVisible();
  const focusInBoard = () => cells.evaluate((group) => group.contains(document.activeElement));

  // From the top of the page, Tab reaches the board; the board is one tab stop, entered at its
  // first cell (a roving tab index).
  await page.locator('body').focus();
  const path: string[] = [];
  for (let press = 0; press < 60 && !(await focusInBoard()); press += 1) {
    await page.keyboard.press('Tab');
    path.push(await describeFocus(page));
  }
  expect(
    await focusInBoard(),
    `Tab never reached the board; focus went: ${path.join(' -> ')}`,
  ).toBe(true);
  await expect(cell(1)).toBeFocused();

  // Arrow keys move inside the 5 x 5 board.
  await page.keyboard.press('ArrowRight');
  await expect(cell(2)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(cell(7)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(cell(6)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(cell(1)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(cell(2)).toBeFocused();

  // Space and Enter tick the focused cell; the server's card has them ticked.
  await page.keyboard.press('Space');
  await expect(cell(2)).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(cell(7)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cell(7)).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => {
      const res = await request.get('/api/bingo/card', { headers: bearer(user) });
      const card = (await res.json()) as {
        data: {
          currentPageIndex: number;
          bingoPages: Array<{ bingoCells: Array<{ selected: boolean }> }>;
        };
      };
      const board = card.data.bingoPages[card.data.currentPageIndex]!;
      return board.bingoCells.flatMap((c, i) => (c.selected ? [i + 1] : []));
    })
    .toEqual([2, 7]);

  // Tab leaves the board at once (no stop on its other cells) and goes on to Trade Details:
  // the trade is planned on the way (Long, stop 100, entry 110) and saved with Enter.
  const details = widget(page, 'Trade Details');
  const long = details
    .getByRole('group', { name: 'Side' })
    .getByRole('button', { name: 'Long', exact: true });
  const stop = details.getByRole('spinbutton', { name: 'Stoploss' });
  const entry = details.getByRole('spinbutton', { name: 'Entry' });
  const save = details.getByRole('button', { name: /^Save (Long|Short) trade$/ });
  const targets = await Promise.all([long, stop, entry, save].map((l) => l.elementHandle()));
  const after: string[] = [];
  let reached = false;
  for (let press = 0; press < 60 && !reached; press += 1) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate((els) => {
      const el = document.activeElement;
      return {
        target: els.findIndex((t) => t === el),
        inBoard: Boolean(el?.closest('[role="group"][aria-label^="Cells of "]')),
        name: el?.getAttribute('aria-label') ?? el?.textContent?.trim().slice(0, 40) ?? '',
        tag: el?.tagName.toLowerCase() ?? '',
      };
    }, targets);
    after.push(`<${focus.tag}> "${focus.name}"`);
    expect(focus.inBoard, `Tab stopped in the board again: ${after.join(' -> ')}`).toBe(false);
    if (focus.target === 0) await page.keyboard.press('Space');
    else if (focus.target === 1) await page.keyboard.type('100');
    else if (focus.target === 2) await page.keyboard.type('110');
    else reached = focus.target === 3;
  }
  expect(reached, `Tab never reached Trade Details' Save; focus went: ${after.join(' -> ')}`).toBe(
    true,
  );
  await expect(save).toHaveAccessibleName('Save Long trade');
  await expect(save).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(stop).toHaveValue('');

  const trades = (await (
    await request.get('/api/trades', { headers: bearer(user) })
  ).json()) as Array<{
    isLong: boolean;
    stopLoss: number;
    entryPrice: number;
    cells: unknown[];
  }>;
  expect(trades).toHaveLength(1);
  expect(trades[0]).toMatchObject({ isLong: true, stopLoss: 100, entryPrice: 110 });
  expect(trades[0]!.cells).toHaveLength(2);
});
