import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, errorBody, stubFetch } from '@/test/fetch-mock';
import { publicUser, renderApp, signIn } from '@/test/render-app';

const location = () => screen.getByTestId('location');

async function expectHomeWith(message: string) {
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(location()).toHaveTextContent(/^\/\?error=/);
  expect(
    screen.getByRole('heading', {
      level: 1,
      name: 'Transform Your Trading Journey with Fun and Discipline',
    }),
  ).toBeInTheDocument();
}

describe('sign-in guard', () => {
  for (const path of ['/profile', '/analytics', '/exchange-connect', '/hyperliquid-test']) {
    it(`${path} without a stored token goes Home with the sign-in message`, async () => {
      const fetch = stubFetch(() => ({ status: 500 }));
      renderApp(path);
      await expectHomeWith('Please log in to access this page');
      expect(fetch).not.toHaveBeenCalled();
    });
  }

  it('lets a signed-in user through', async () => {
    signIn();
    stubFetch(() => ({ status: 200, body: publicUser() }));
    renderApp('/analytics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    // A free user: the sample analytics under the premium lock.
    expect(await screen.findByRole('dialog', { name: 'Premium Feature' })).toBeVisible();
  });
});

describe('admin guard', () => {
  it('without a token asks to log in to the admin panel', async () => {
    stubFetch(() => ({ status: 500 }));
    renderApp('/admin');
    await expectHomeWith('Please log in to access the admin panel');
  });

  it('refuses a user who is not an admin', async () => {
    signIn();
    const fetch = stubFetch(() => ({ status: 200, body: publicUser({ isAdmin: false }) }));
    renderApp('/admin');
    await expectHomeWith('Access denied. Only administrators can access this page.');
    // The top bar loads the connections and settings of any signed-in user besides.
    const topBar = /\/users\/(exchanges|settings)$/;
    expect(calls(fetch).filter((call) => !topBar.test(call))).toEqual(['GET /api/users/me']);
  });

  it('reports a failed check (not 401) as an authentication error', async () => {
    signIn();
    stubFetch(() => ({ status: 500, body: errorBody('INTERNAL_ERROR', 'Boom') }));
    renderApp('/admin');
    await expectHomeWith('Authentication error. Please try logging in again.');
  });

  it('a 401 clears the stored session and asks to log in', async () => {
    signIn();
    stubFetch(() => ({ status: 401, body: errorBody('UNAUTHORIZED', 'Unauthorized') }));
    renderApp('/admin');
    await expectHomeWith('Please log in to access the admin panel');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('opens the panel for an admin', async () => {
    signIn('boss');
    stubFetch(() => ({ status: 200, body: publicUser({ username: 'boss', isAdmin: true }) }));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
    expect(location()).toHaveTextContent('/admin');
  });
});

describe('other routes', () => {
  it('unknown paths go Home', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Transform Your Trading Journey with Fun and Discipline',
    );
    expect(location()).toHaveTextContent(/^\/$/);
    expect(document.body).toHaveClass('route-home');
  });

  it('/premium goes to /payment', async () => {
    renderApp('/premium');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Upgrade to Premium' }),
    ).toBeVisible();
    expect(location()).toHaveTextContent(/^\/payment$/);
  });

  it('/bingo sets the route-bingo body class', async () => {
    renderApp('/bingo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bingo Dashboard' })).toBeVisible();
    expect(document.body).toHaveClass('route-bingo');
    expect(document.body).not.toHaveClass('route-home');
  });

  for (const [path, title] of [
    ['/leaderboard', 'Leaderboard'],
    ['/shop', 'Shop'],
    ['/about', 'About Trading Bingo'],
    ['/widget-toolbox', 'Widget Toolbox'],
  ] as const) {
    it(`${path} shows its page`, async () => {
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    });
  }
});
