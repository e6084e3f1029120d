import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ensureAdmin, loginViaUi } from '../support/users';

/** The admin's session token, for reading back what the server stored. */
async function adminToken(request: APIRequestContext) {
  const admin = await ensureAdmin(request);
  const res = await request.post('/api/users/login', {
    data: { username: admin.username, password: admin.password },
  });
  expect(res.status()).toBe(200);
  return { admin, token: ((await res.json()) as { token: string }).token };
}

/**
 * Nothing on the page is wider than the window, and the panel's cards are no wider than the
 * header's content (brand to user menu).
 */
async function expectFitsHeader(page: Page) {
  const widths = await page.evaluate(() => {
    const box = (el: Element | null) => el?.getBoundingClientRect();
    const header = box(document.querySelector('header .topbar__inner'))!;
    const content = [...document.querySelectorAll('main .card')].map((el) => box(el)!);
    return {
      window: window.innerWidth,
      scroll: document.documentElement.scrollWidth,
      header: { left: header.left, right: header.right },
      widest: {
        left: Math.min(...content.map((b) => b.left)),
        right: Math.max(...content.map((b) => b.right)),
      },
    };
  });
  expect(widths.scroll).toBeLessThanOrEqual(widths.window);
  expect(widths.widest.left).toBeGreaterThanOrEqual(widths.header.left);
  expect(widths.widest.right).toBeLessThanOrEqual(widths.header.right);
}

test('a visitor sends a contact message and reads the honest outcome; an admin reads it in the panel', async ({
  page,
  request,
}) => {
  const { admin, token } = await adminToken(request);
  const stamp = Date.now().toString(36);
  const email = `visitor-${stamp}@example.com`;
  const text = `The R column of trade ${stamp} looks wrong.\nCould you check it?`;

  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Us' });
  await dialog.getByLabel('Name').fill('Ada Visitor');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Message').fill(text);
  const posted = page.waitForResponse(
    (res) => res.url().endsWith('/api/contact') && res.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Send' }).click();
  expect((await posted).status()).toBe(201);
  // This installation has no SMTP server: the visitor is told the message is saved, not mailed.
  await expect(dialog.getByRole('status')).toHaveText(
    'Thank you! Your message is saved; the team will read it in the admin panel (no email was sent).',
  );
  await expect(dialog.getByText(/has been sent/)).toHaveCount(0);
  await expect(dialog.getByLabel('Message')).toHaveValue('');

  // The stored row, read back through the admin API.
  const list = await request.get('/api/admin/contact-messages?pageSize=100', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(list.status()).toBe(200);
  const stored = ((await list.json()) as { messages: Array<Record<string, unknown>> }).messages;
  expect(stored.find((m) => m.email === email)).toMatchObject({
    name: 'Ada Visitor',
    message: text,
    user: null,
    mailStatus: 'logged',
    mailedAt: null,
  });

  // The admin signs in and reads it in the panel.
  await loginViaUi(page, admin.username, admin.password);
  await page.goto('/admin');
  const messages = page.getByRole('region', { name: 'Messages' });
  const item = messages.getByRole('article', { name: 'Message from Ada Visitor' }).filter({
    hasText: email,
  });
  await expect(item).toContainText(`The R column of trade ${stamp} looks wrong.`);
  await expect(item).toContainText('Not mailed: no SMTP server');
  await expect(item.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
});

test('the sender sees the limit and when to retry, and keeps the text', async ({ page }) => {
  const email = `limited-${Date.now().toString(36)}@example.com`;
  // Three messages an hour from one sender address: the fourth is refused.
  for (let i = 0; i < 3; i += 1) {
    const res = await page.request.post('/api/contact', {
      data: { name: 'Lim', email, message: `message ${i}` },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Us' });
  await dialog.getByLabel('Name').fill('Lim');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Message').fill('One more thing');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    /^You have sent several messages recently\. Please try again in \d+ minutes\.$/,
  );
  await expect(dialog.getByLabel('Message')).toHaveValue('One more thing');
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the admin panel fits within the header at ${viewport.width}×${viewport.height}`, async ({
    page,
    request,
  }) => {
    const admin = await ensureAdmin(request);
    // A long address: it must wrap before the @ (or be cut with an ellipsis), never mid-word.
    const long = `averyveryverylongfirstname.averylonglastname${Date.now().toString(36)}@example-company-domain.com`;
    await request.post('/api/contact', {
      data: { name: 'Long Address', email: long, message: 'Checking the layout.' },
    });
    await loginViaUi(page, admin.username, admin.password);
    await page.setViewportSize(viewport);
    await page.goto('/admin');
    await expect(page.getByRole('table', { name: 'Users, newest first' })).toBeVisible();
    const address = page.getByRole('region', { name: 'Messages' }).getByTitle(long).first();
    await expect(address).toBeVisible();
    await expectFitsHeader(page);
    // Never broken mid-word: it may wrap at its @, dots and hyphens, but each piece between
    // them ('averyveryverylongfirstname.', '@example-', ...) is on one line.
    const lines = await address.evaluate((el) =>
      [...el.querySelectorAll('.email-text__piece')].map((piece) =>
        Math.round(
          piece.getBoundingClientRect().height / parseFloat(getComputedStyle(piece).lineHeight),
        ),
      ),
    );
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.every((n) => n === 1)).toBe(true);
    await page.screenshot({
      path: `test-results-3203/admin-${viewport.width}.png`,
      fullPage: true,
    });
  });
}
