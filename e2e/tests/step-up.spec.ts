import { expect, test } from '@playwright/test';
import { mailFromOutbox } from '../support/outbox';
import { ensureAdmin, logoutViaUi, newUser, registerViaApi } from '../support/users';

/**
 * Issue 29 (finding 1): strangers' wrong passwords from 21 addresses used to lock the owner out
 * (429 on the right password). Now the owner signs in from a new browser with the code mailed
 * to the account's address, and that browser is known afterwards: no code the next time.
 */
test('strangers cannot lock the owner out: a mailed code signs in, and the device is known after', async ({
  page,
  request,
}) => {
  await ensureAdmin(request);
  const owner = newUser('owner');
  await registerViaApi(request, owner);
  // 5 wrong passwords from each of 21 addresses (behind the proxy: TRUST_PROXY in the config).
  for (let a = 1; a <= 21; a++) {
    for (let i = 0; i < 5; i++) {
      const res = await request.post('/api/users/login', {
        data: { username: owner.username, password: `guess-${a}-${i}` },
        headers: { 'x-forwarded-for': `203.0.113.${a}` },
      });
      expect(res.status()).toBe(401);
    }
  }

  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('Username').fill(owner.username);
  await dialog.getByLabel('Password', { exact: true }).fill(owner.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'signing in from a new device needs a code',
  );
  const codeField = dialog.getByLabel('Code from the email');
  await expect(codeField).toBeVisible();
  await page.screenshot({ path: 'test-results/step-up.png' });

  const mail = await mailFromOutbox(owner.email, 'is your Trading Bingo sign-in code');
  const code = /^(\d{6}) is your/.exec(mail.subject)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  expect(mail.text).toContain(code!);
  await codeField.fill(code!);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/bingo$/);
  await expect(page.getByRole('button', { name: owner.username })).toBeVisible();

  // The account is still past its ceiling, but this browser is known now: no code asked.
  await logoutViaUi(page, owner.username);
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await dialog.getByLabel('Username').fill(owner.username);
  await dialog.getByLabel('Password', { exact: true }).fill(owner.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/bingo$/);
  await expect(page.getByRole('button', { name: owner.username })).toBeVisible();
});
