import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** Connects a paper account through /exchange-connect and switches live trading on. */
export async function connectPaperAccount(page: Page) {
  await page.goto('/exchange-connect');
  await page.getByRole('button', { name: 'Get started' }).click();
  await page.getByRole('button', { name: 'Try with a paper account' }).click();
  await expect(page.getByText('Connected to Hyperliquid · Paper')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Enable live trading' }).click();
  // The dashboard switches live trading on and clears the parameter.
  await expect(page).toHaveURL(/\/bingo$/);
}
