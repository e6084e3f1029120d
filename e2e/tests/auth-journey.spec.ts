import { expect, test } from '@playwright/test';
import { linkFromOutbox } from '../support/outbox';
import { ensureAdmin, loginViaUi, logoutViaUi, newUser } from '../support/users';

test('register, verify through the outbox, log in, open a guarded page, log out', async ({
  page,
  request,
}) => {
  await ensureAdmin(request);
  const user = newUser();

  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await page
    .getByRole('dialog', { name: 'Login' })
    .getByRole('button', { name: 'Create an account' })
    .click();
  const register = page.getByRole('dialog', { name: 'Register' });
  await register.getByLabel('Username').fill(user.username);
  await register.getByLabel('Email').fill(user.email);
  await register.getByLabel('Password', { exact: true }).fill(user.password);
  await register.getByLabel('Confirm Password').fill(user.password);
  await register.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(
    page.getByText('Registration successful! Please check your email to verify your account.'),
  ).toBeVisible();
  // Registration signs the user in and takes them to the dashboard.
  await expect(page).toHaveURL(/\/bingo$/, { timeout: 10_000 });
  await expect(page.getByRole('button', { name: user.username })).toBeVisible();
  await logoutViaUi(page, user.username);

  const verifyPath = await linkFromOutbox(user.email, 'Verify');
  await page.goto(verifyPath);
  await expect(page.getByText(/verified/i).first()).toBeVisible();

  await loginViaUi(page, user.username, user.password);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByText('Email Verified')).toBeVisible();
  await expect(page.getByText('Normal User')).toBeVisible();

  await logoutViaUi(page, user.username);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please log in to access this page' }),
  ).toBeVisible();
});

test('a wrong password shows the server message and keeps the user signed out', async ({
  page,
  request,
}) => {
  await ensureAdmin(request);
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('Username').fill('e2e-admin');
  await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog.getByText('Invalid username or password')).toBeVisible();
  await expect(page.getByRole('button', { name: 'e2e-admin' })).toHaveCount(0);
});

test('forgot password: the reset link from the outbox sets a new password', async ({
  page,
  request,
}) => {
  await ensureAdmin(request);
  const user = newUser('resetter');
  expect((await request.post('/api/users/register', { data: user })).status()).toBe(201);

  await page.goto('/login');
  await page
    .getByRole('dialog', { name: 'Login' })
    .getByRole('button', { name: 'Forgot password?' })
    .click();
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await reset.getByLabel('Email').fill(user.email);
  await reset.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Password reset link has been sent to your email')).toBeVisible();

  const resetPath = await linkFromOutbox(user.email, 'Reset');
  await page.goto(resetPath);
  await page.getByLabel('New Password').fill('brand-new-pass');
  await page.getByLabel('Confirm Password').fill('brand-new-pass');
  await page.getByRole('button', { name: /reset password/i }).click();
  await expect(page.getByText('Password reset successful! Redirecting to login...')).toBeVisible();
  // After 2 s the app goes Home with the login dialog open.
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible({ timeout: 5_000 });

  await loginViaUi(page, user.username, 'brand-new-pass');
});
