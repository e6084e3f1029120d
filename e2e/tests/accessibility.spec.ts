import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerUser, type ApiUser } from '../support/analytics';
import { widget } from '../support/dashboard';
import { connectPaperAccount } from '../support/exchange';
import {
  adminUser,
  grantPremium,
  saveTrade,
  screens,
  signInBrowser,
  tickCells,
  type ScreenName,
} from '../support/visual';

/*
 * Accessibility (issue 15): axe on each page of the visual spec, at 1440x900 and at 390x844. A
 * serious or critical violation fails the test; the message lists each rule with the elements
 * it found.
 */

/** Runs axe (WCAG 2.x A and AA rules and best practices) on the page as it is now. */
async function expectNoSeriousViolations(page: Page, label: string) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map(
      (v) =>
        `- ${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n'),
    )
    .join('\n');
  expect(serious, `serious or critical axe violations on ${label}:\n${report}`).toEqual([]);
}

async function signedIn(page: Page, user: ApiUser) {
  await signInBrowser(page, user);
}

for (const name of Object.keys(screens) as ScreenName[]) {
  test.describe(`${name}`, () => {
    test.use({ ...screens[name] });

    test('home', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('main')).toBeVisible();
      await expectNoSeriousViolations(page, `${name} /`);
    });

    test('bingo, empty', async ({ page, request }) => {
      await signedIn(page, await registerUser(request, 'axenew'));
      await page.goto('/bingo');
      await expect(page.getByRole('button', { name: /^Cell 1:/ })).toBeVisible();
      await expectNoSeriousViolations(page, `${name} /bingo (empty)`);
    });

    test('bingo in use, and its trade history', async ({ page, request }) => {
      const user = await registerUser(request, 'axeuse');
      await saveTrade(
        request,
        user,
        { pair: 'ETHUSDT', isLong: false, stopLoss: 3300, entryPrice: 3200, takeProfit: 3000 },
        'TARGET_HIT',
      );
      await tickCells(request, user, [0, 6, 12]);
      await saveTrade(request, user, {
        pair: 'BTCUSDT',
        isLong: true,
        stopLoss: 60000,
        entryPrice: 62000,
        takeProfit: 66000,
      });
      await signedIn(page, user);
      await page.goto('/bingo');
      await expect(page.getByRole('button', { name: /^Cell 1:/ })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expectNoSeriousViolations(page, `${name} /bingo (in use)`);

      await widget(page, 'Trade Details')
        .getByRole('button', { name: /Trade History/ })
        .click();
      await expect(page.getByRole('dialog', { name: 'Trade History' })).toBeVisible();
      await expectNoSeriousViolations(page, `${name} Trade History`);
    });

    test('analytics', async ({ page, request }) => {
      const user = await registerUser(request, 'axestats');
      await grantPremium(request, user);
      await tickCells(request, user, [0, 1]);
      await saveTrade(
        request,
        user,
        { pair: 'BTCUSDT', isLong: true, stopLoss: 60000, entryPrice: 62000, takeProfit: 66000 },
        'TARGET_HIT',
      );
      await tickCells(request, user, [1], false);
      await saveTrade(
        request,
        user,
        { pair: 'ETHUSDT', isLong: true, stopLoss: 2900, entryPrice: 3000, takeProfit: 3200 },
        'STOPLOSS_HIT',
      );
      await signedIn(page, user);
      await page.goto('/analytics');
      await expect(page.getByRole('region', { name: 'Key figures' })).toBeVisible();
      await expectNoSeriousViolations(page, `${name} /analytics`);
    });

    test('profile', async ({ page, request }) => {
      await signedIn(page, await registerUser(request, 'axeprofile'));
      await page.goto('/profile');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, `${name} /profile`);
    });

    test('trading page with a paper account', async ({ page, request }) => {
      test.setTimeout(120_000);
      await signedIn(page, await registerUser(request, 'axepaper'));
      await connectPaperAccount(page);
      await page.goto('/hyperliquid-test');
      await expect(page.getByText('Account value')).toBeVisible();
      await expectNoSeriousViolations(page, `${name} /hyperliquid-test`);
    });

    test('admin panel', async ({ page, request }) => {
      const admin = await adminUser(request);
      await signedIn(page, admin);
      await page.goto('/admin');
      await expect(page.getByRole('button', { name: /^Manage / }).first()).toBeVisible();
      await expectNoSeriousViolations(page, `${name} /admin`);
    });
  });
}
