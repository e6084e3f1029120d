import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkStoredSession } from '@/features/auth';
import { calls, stubFetch } from '@/test/fetch-mock';
import { publicUser, renderApp, signIn } from '@/test/render-app';

const banner = () => within(screen.getByRole('banner'));

describe('top bar', () => {
  it('signed out: brand, links, Contact, About, Widgets and Login', () => {
    renderApp('/');
    expect(banner().getByRole('link', { name: 'Trading Bingo' })).toHaveAttribute('href', '/');
    for (const [name, href] of [
      ['Bingo', '/bingo'],
      ['Leaderboard', '/leaderboard'],
      ['Shop', '/shop'],
      ['About', '/about'],
      ['Widget Toolbox', '/widget-toolbox'],
    ]) {
      expect(banner().getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(banner().getByRole('button', { name: 'Contact' })).toBeInTheDocument();
    expect(banner().getByRole('button', { name: /widgets/i })).toHaveAttribute(
      'aria-haspopup',
      'menu',
    );
    expect(banner().getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(banner().queryByText(/hyperliquid/i)).not.toBeInTheDocument();
  });

  it('signed in: a menu named by the username with Profile, Analytics and Logout', async () => {
    signIn('ada');
    stubFetch(() => ({ status: 200, body: publicUser({ username: 'ada' }) }));
    const { user } = renderApp('/');
    expect(banner().queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    await user.click(banner().getByRole('button', { name: 'ada' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Analytics' })).toHaveAttribute(
      'href',
      '/analytics',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Monthly strategy' })).toHaveAttribute(
      'href',
      '/strategies',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Panel' })).not.toBeInTheDocument();
  });

  it('signed in as an admin: the menu also leads to the Admin Panel', async () => {
    signIn('root');
    stubFetch(() => ({ status: 200, body: publicUser({ username: 'root', isAdmin: true }) }));
    const { user, queryClient } = renderApp('/');
    checkStoredSession(queryClient, new Date()); // what main.tsx does on start
    await user.click(banner().getByRole('button', { name: 'root' }));
    const menu = await screen.findByRole('menu');
    expect(await within(menu).findByRole('menuitem', { name: 'Admin Panel' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('Logout tells the server, clears the session but keeps lastSession, and goes Home', async () => {
    signIn('ada');
    localStorage.setItem('bingoState', '{"v":1}');
    localStorage.setItem(
      'lastSession',
      JSON.stringify({ username: 'ada', loginTime: '2026-01-01T00:00:00.000Z', logoutTime: null }),
    );
    const fetch = stubFetch(() => ({ status: 204 }));
    const { user } = renderApp('/profile');
    await user.click(banner().getByRole('button', { name: 'ada' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await banner().findByRole('button', { name: 'Login' })).toBeInTheDocument();
    // From a guarded page too: Home, not the guard's "Please log in" redirect.
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls(fetch)).toContain('POST /api/users/logout');
    const logoutCall = fetch.mock.calls.find(([url]) => url === '/api/users/logout')!;
    expect(new Headers(logoutCall[1]?.headers).get('Authorization')).toBe('Bearer test-token');
    for (const key of ['token', 'username', 'tokenExpires', 'lastLogin', 'bingoState']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(JSON.parse(localStorage.getItem('lastSession')!)).toMatchObject({
      username: 'ada',
      logoutTime: expect.any(String),
    });
  });

  it('the hamburger reports and toggles its state', async () => {
    const { user } = renderApp('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'primary-nav');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('primary-nav')).toHaveClass('is-open');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Leaderboard',
      }),
    );
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('signed in with a connection: the exchange badge', async () => {
    signIn('ada');
    stubFetch(({ path }) =>
      path === '/users/exchanges'
        ? {
            status: 200,
            body: {
              success: true,
              exchanges: [
                { id: 'k1', name: 'Hyperliquid', network: 'mainnet', connectedAt: '2026-01-01' },
              ],
            },
          }
        : { status: 200, body: publicUser({ username: 'ada' }) },
    );
    renderApp('/');
    expect(await banner().findByRole('link', { name: 'Exchange: Hyperliquid' })).toBeVisible();
  });

  it('a Trade entry to the trading page, only while an exchange is connected', async () => {
    signIn('ada');
    let exchanges: unknown[] = [
      { id: 'k1', name: 'Hyperliquid', network: 'paper', connectedAt: '2026-01-01' },
    ];
    stubFetch(({ path }) =>
      path === '/users/exchanges'
        ? { status: 200, body: { success: true, exchanges } }
        : { status: 200, body: publicUser({ username: 'ada' }) },
    );
    const { queryClient } = renderApp('/');
    const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));
    expect(await nav().findByRole('link', { name: 'Trade' })).toHaveAttribute(
      'href',
      '/hyperliquid-test',
    );
    // The badge beside it shows its whole label.
    expect(banner().getByText('Hyperliquid · Paper')).toBeVisible();

    exchanges = [];
    await queryClient.invalidateQueries();
    await waitFor(() => expect(nav().queryByRole('link', { name: 'Trade' })).toBeNull());
  });

  it('no Trade entry signed out', () => {
    renderApp('/');
    expect(banner().queryByRole('link', { name: 'Trade' })).not.toBeInTheDocument();
  });
});
