import { expect, test } from '@playwright/test';
import { widget } from '../support/dashboard';
import { ensureAdmin, loginViaUi, newUser, registerViaApi } from '../support/users';

/** The GETs the dashboard's document sends before its scripts run (lib/early-requests.ts). */
const EARLY_GETS = [
  '/api/users/me',
  '/api/users/widget-layout',
  '/api/bingo/card',
  '/api/risk-management',
  '/api/trades',
  '/api/users/exchanges',
  '/api/users/settings',
];

test('a signed-in trader opening /bingo cold on a phone: its own document, three scripts, each first GET once, the board as saved', async ({
  browser,
  page,
  request,
}) => {
  await ensureAdmin(request);
  const user = newUser('cold');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);
  // Something of this trader's on the server: cell 1 ticked.
  const saved = page.waitForResponse(
    (res) => res.url().includes('/api/bingo/card') && res.request().method() !== 'GET',
  );
  await page.getByRole('button', { name: /^Cell 1:/ }).click();
  expect((await saved).ok()).toBe(true);
  const session = await page.evaluate(() => ({ ...localStorage }));

  // A new browser (nothing cached) with the same sign-in, as after closing the tab, on a phone
  // (a wide screen also loads the desktop grid's chunk).
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript((stored: Record<string, string>) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.violatedDirective));
  }, session);
  const cold = await context.newPage();
  const scripts: string[] = [];
  const gets = new Map<string, number>();
  cold.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (req.resourceType() === 'script') scripts.push(path);
    if (req.method() === 'GET' && path.startsWith('/api/')) {
      gets.set(path, (gets.get(path) ?? 0) + 1);
    }
  });

  const response = await cold.goto('/bingo');
  const html = (await response?.text()) ?? '';
  // The dashboard's own document: its chunk asked for up front, its inline script allowed by hash.
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/bingo-[^"]+\.js">/);
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);

  const cell = widget(cold, 'Bingo Grid').getByRole('button', { name: /^Cell 1:/ });
  await expect(cell).toHaveAttribute('aria-pressed', 'true');
  await cold.waitForLoadState('networkidle');

  expect(
    await cold.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  ).toEqual([]);
  expect(scripts).toHaveLength(3);
  for (const path of EARLY_GETS) expect(gets.get(path), path).toBe(1);
  await context.close();
});
