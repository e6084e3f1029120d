import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The widget frame (a region named by its title) on /bingo. */
export function widget(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** Sets a bingo cell's points through its edit dialog. */
export async function setCellPoints(page: Page, cell: number, points: number) {
  await page.getByRole('button', { name: `Edit cell ${cell}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Edit cell ${cell}`, exact: true });
  await dialog.getByLabel('Points').fill(String(points));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** Plans a trade in the Trade Details widget; returns the widget. */
export async function planTrade(
  page: Page,
  side: 'Long' | 'Short',
  stopLoss: number,
  entry: number,
): Promise<Locator> {
  const details = widget(page, 'Trade Details');
  await details
    .getByRole('group', { name: 'Side' })
    .getByRole('button', { name: side, exact: true })
    .click();
  await details.getByRole('spinbutton', { name: 'Stoploss' }).fill(String(stopLoss));
  await details.getByRole('spinbutton', { name: 'Entry' }).fill(String(entry));
  return details;
}

/** Confirms the open close dialog at the price it shows (a level of the trade, all of it). */
export async function confirmClose(page: Page) {
  const close = page.getByRole('dialog', { name: /^Close / });
  await close.getByRole('button', { name: 'Close trade' }).click();
  await expect(close).toBeHidden();
}

/** Opens the Trade History and marks the first OPEN trade as stopped out. */
export async function hitFirstStoploss(page: Page) {
  await widget(page, 'Trade Details')
    .getByRole('button', { name: /Trade History/ })
    .click();
  const history = page.getByRole('dialog', { name: 'Trade History' });
  await history.getByRole('button', { name: 'Stoploss Hit' }).first().click();
  await confirmClose(page);
  await expect(history.getByRole('listitem', { name: /LOSS$/ }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
}
