import { expect, test, type Page } from '@playwright/test';
import { ensureAdmin, loginViaUi, newUser, registerViaApi } from '../support/users';

const banner = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test.describe('route guards', () => {
  for (const path of ['/profile', '/analytics', '/exchange-connect', '/hyperliquid-test']) {
    test(`${path} without a session goes Home with the sign-in message`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/(\?.*)?$/);
      await expect(banner(page, 'Please log in to access this page')).toBeVisible();
    });
  }

  test('/admin without a session asks to log in to the admin panel', async ({ page }) => {
    await page.goto('/admin');
    await expect(banner(page, 'Please log in to access the admin panel')).toBeVisible();
  });

  test('/admin as a normal user is refused', async ({ page, request }) => {
    await ensureAdmin(request);
    const user = newUser('normal');
    await registerViaApi(request, user);
    await loginViaUi(page, user.username, user.password);
    await page.goto('/admin');
    await expect(
      banner(page, 'Access denied. Only administrators can access this page.'),
    ).toBeVisible();
  });

  test('/admin as the first registered account (the admin) opens the panel', async ({
    page,
    request,
  }) => {
    const admin = await ensureAdmin(request);
    await loginViaUi(page, admin.username, admin.password);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: /admin/i }).first()).toBeVisible();
  });

  test('unknown paths go Home and /premium goes to /payment', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('body')).toHaveClass(/route-home/);
    await page.goto('/premium');
    await expect(page).toHaveURL(/\/payment$/);
  });
});
