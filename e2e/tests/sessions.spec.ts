import { expect, test } from '@playwright/test';
import { ensureAdmin, loginViaUi, newUser } from '../support/users';

/**
 * Issue 29 (finding 11): Profile → Sessions. Two browsers signed in to one account; the first
 * sees both sessions and signs the other out; the other's next request is refused and it
 * lands Home, asked to log in.
 */
test('a device signed out from Profile → Sessions is refused at its next request', async ({
  browser,
  request,
}) => {
  await ensureAdmin(request);
  const user = newUser('sessions');
  // Registration signs in too: that session is ended, so the two browsers are the only ones.
  const registered = await request.post('/api/users/register', { data: user });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const logout = await request.post('/api/users/logout', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(logout.status()).toBe(204);

  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const mine = await first.newPage();
    const other = await second.newPage();
    await loginViaUi(mine, user.username, user.password);
    await loginViaUi(other, user.username, user.password);

    await mine.goto('/profile');
    const sessions = mine.getByRole('region', { name: 'Sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    const current = sessions.getByRole('listitem').filter({ hasText: 'This device' });
    await expect(current).toHaveCount(1);
    await expect(current.getByText('Active now')).toBeVisible();
    // The other browser: no badge, its own Sign out.
    const otherItem = sessions.getByRole('listitem').filter({ hasNotText: 'This device' });
    await expect(otherItem.getByText('127.0.0.1')).toBeVisible();
    await otherItem.getByRole('button', { name: /^Sign out / }).click();
    await expect(mine.getByText(/^Signed out /)).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(sessions.getByText('No other devices are signed in.')).toBeVisible();

    // The other browser goes to its profile: the server refuses its token at once...
    const refused = other.waitForResponse(
      (res) => res.url().includes('/api/') && res.status() === 401,
    );
    await other.getByRole('button', { name: user.username }).click();
    await other.getByRole('menuitem', { name: 'Profile' }).click();
    expect((await refused).status()).toBe(401);
    // ...and it lands Home, signed out and asked to log in.
    await expect(other).toHaveURL(/\/(\?.*)?$/);
    await expect(
      other.getByRole('alert').filter({ hasText: 'Please log in to access this page' }),
    ).toBeVisible();
    await expect(other.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();

    // The first browser is still signed in.
    await mine.reload();
    await expect(mine.getByRole('region', { name: 'Sessions' })).toBeVisible();
    await expect(mine.getByRole('button', { name: user.username })).toBeVisible();
  } finally {
    await first.close();
    await second.close();
  }
});
