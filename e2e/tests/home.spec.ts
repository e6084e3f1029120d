import { expect, test } from '@playwright/test';

test('home shows the hero, four feature cards and leads to the dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('body')).toHaveClass(/route-home/);
  await expect(
    page.getByRole('heading', { name: 'Transform Your Trading Journey with Fun and Discipline' }),
  ).toBeVisible();
  await expect(page.locator('main article')).toHaveCount(4);
  await page.getByRole('link', { name: 'Start Trading Now' }).click();
  await expect(page).toHaveURL(/\/bingo$/);
  await expect(page.locator('body')).toHaveClass(/route-bingo/);
});

test('the error banner shows the fixed message of the ?error= code, never the text', async ({
  page,
}) => {
  await page.goto('/?error=login-required');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please log in to access this page' }),
  ).toBeVisible();
  await page.goto('/?error=Call%20us%20at%20555-0100');
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText('555-0100')).toHaveCount(0);
});

test('on a phone the navigation sits behind the hamburger', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Leaderboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Widget Toolbox' })).toBeVisible();
});
