import { expect, test } from '@playwright/test';
import { ensureAdmin } from '../support/users';

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await page
    .getByRole('dialog', { name: 'Login' })
    .getByRole('button', { name: 'Create an account' })
    .click();
});

test('register shows SPEC.md validation messages', async ({ page }) => {
  const register = page.getByRole('dialog', { name: 'Register' });
  await register.getByLabel('Username').fill('validator');
  await register.getByLabel('Email').fill('not-an-email');
  await register.getByLabel('Password', { exact: true }).fill('12345');
  await register.getByLabel('Confirm Password').fill('1234');
  await register.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(register.getByText('Please enter a valid email address')).toBeVisible();
  await expect(register.getByText('Password must be at least 6 characters long')).toBeVisible();
  await expect(register.getByText('Passwords do not match')).toBeVisible();
});

test('an email already registered is refused and login opens with that email', async ({
  page,
  request,
}) => {
  const admin = await ensureAdmin(request);
  const register = page.getByRole('dialog', { name: 'Register' });
  await register.getByLabel('Username').fill('someone-else');
  await register.getByLabel('Email').fill(admin.email);
  await register.getByLabel('Password', { exact: true }).fill('secret-123');
  await register.getByLabel('Confirm Password').fill('secret-123');
  await register.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('This email is already registered')).toBeVisible();
  const login = page.getByRole('dialog', { name: 'Login' });
  await expect(login).toBeVisible({ timeout: 6_000 });
  // check-email never says whose address it is; Login takes the email as well.
  await expect(login.getByLabel('Username')).toHaveValue(admin.email);
});
