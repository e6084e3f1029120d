import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

let counter = 0;

/** A fresh, unique account for one test. */
export function newUser(prefix = 'trader') {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${counter}`;
  return { username: id, email: `${id}@example.com`, password: 'correct-horse-1' };
}

/** Makes sure the installation's first account (the admin) exists, so later users are not admins. */
export async function ensureAdmin(request: APIRequestContext) {
  const admin = { username: 'e2e-admin', email: 'e2e-admin@example.com', password: 'admin-pass-1' };
  const res = await request.post('/api/users/register', { data: admin });
  expect([201, 409]).toContain(res.status());
  return admin;
}

/** Registers through the API (not the UI) for tests about something else. */
export async function registerViaApi(request: APIRequestContext, user: ReturnType<typeof newUser>) {
  const res = await request.post('/api/users/register', { data: user });
  expect(res.status()).toBe(201);
}

/**
 * Fills and sends the login dialog and waits for the dashboard's address. Use it alone when a
 * dialog is expected after signing in (the local journal's upload prompt hides the rest of the
 * page from assistive technology, the user menu included).
 */
export async function submitLogin(page: Page, username: string, password: string) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/bingo$/);
}

/** Signs in through the login dialog and waits for the dashboard and its user menu. */
export async function loginViaUi(page: Page, username: string, password: string) {
  await submitLogin(page, username, password);
  await expect(page.getByRole('button', { name: username })).toBeVisible();
}

/** Signs out through the user menu and waits for Home. */
export async function logoutViaUi(page: Page, username: string) {
  await page.getByRole('button', { name: username }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
}
