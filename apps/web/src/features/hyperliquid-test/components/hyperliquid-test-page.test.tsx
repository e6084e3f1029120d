import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { closePremiumLock } from '@/features/journal';
import { calls, errorBody, stubFetch } from '@/test/fetch-mock';
import { publicUser, renderApp, signIn } from '@/test/render-app';
import { fakeServer, paperConnection, type Route } from '../test-fixtures';

function openPage(routes: Record<string, Route> = {}) {
  signIn();
  const fetch = stubFetch(
    fakeServer({ 'GET /users/me': { status: 200, body: publicUser() }, ...routes }),
  );
  return { ...renderApp('/hyperliquid-test'), fetch };
}

describe('/hyperliquid-test', () => {
  it('without a connection offers to connect an exchange', async () => {
    openPage({ 'GET /users/exchanges': { status: 200, body: { success: true, exchanges: [] } } });
    expect(await screen.findByRole('heading', { name: 'No exchange connected' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Connect an exchange' })).toHaveAttribute(
      'href',
      '/exchange-connect',
    );
    expect(screen.queryByRole('heading', { name: 'Place order' })).not.toBeInTheDocument();
  });

  it('without a connection, Connect Hyperliquid opens the connection dialog; the desk follows without a reload', async () => {
    let exchanges: unknown[] = [];
    const { user, fetch } = openPage({
      'GET /users/exchanges': () => ({ status: 200, body: { success: true, exchanges } }),
      'POST /users/exchanges': () => {
        exchanges = [paperConnection];
        return {
          status: 201,
          body: { success: true, exchangeName: 'Hyperliquid', exchange: paperConnection },
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Connect Hyperliquid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hyperliquid Connection' });
    await user.click(within(dialog).getByRole('button', { name: 'Try with a paper account' }));
    expect(await screen.findByRole('heading', { name: 'Place order' })).toBeVisible();
    expect(
      screen.queryByRole('heading', { name: 'No exchange connected' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls(fetch)).toContain('POST /api/users/exchanges');
    expect(localStorage.getItem('currentExchange')).toBe('c1');
  });

  it('a connection over the plan limit (403 PREMIUM_REQUIRED) opens the premium lock', async () => {
    const { user } = openPage({
      'GET /users/exchanges': { status: 200, body: { success: true, exchanges: [] } },
      'POST /users/exchanges': {
        status: 403,
        body: errorBody('PREMIUM_REQUIRED', 'Your plan allows 1 API key'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Connect Hyperliquid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hyperliquid Connection' });
    await user.click(within(dialog).getByRole('button', { name: 'Try with a paper account' }));
    expect(await screen.findByText('Premium Feature')).toBeVisible();
    expect(screen.getByText('Your plan allows 1 API key')).toBeVisible();
    closePremiumLock();
  });

  it('turns the dashboard integration off and on with the live trading switch', async () => {
    localStorage.setItem('liveTradingEnabled', 'true');
    const { user, fetch } = openPage();
    const toggle = await screen.findByRole('switch', { name: 'Live trading on the dashboard' });
    expect(toggle).toBeChecked();
    // The top bar's exchange badge follows the switch (as the dashboard does), without a reload.
    expect(
      await screen.findByRole('link', { name: 'Exchange: Hyperliquid · Paper, live trading on' }),
    ).toBeVisible();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(localStorage.getItem('liveTradingEnabled')).toBeNull();
    // The switch is the user's, kept on the server (the same in every browser).
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(`${String(put[0])} ${String(put[1]?.body)}`).toBe(
      '/api/users/settings {"liveTradingEnabled":false}',
    );
    expect(screen.getByRole('link', { name: 'Exchange: Hyperliquid · Paper' })).toBeVisible();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(localStorage.getItem('liveTradingEnabled')).toBe('true');
    expect(
      screen.getByRole('link', { name: 'Exchange: Hyperliquid · Paper, live trading on' }),
    ).toBeVisible();
  });

  it('with a connection shows the account, order entry and signals', async () => {
    openPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hyperliquid Trading' }),
    ).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Place order' })).toBeVisible();
    expect(within(screen.getByRole('main')).getByText('Hyperliquid · Paper')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Discord signals' })).toBeVisible();
  });

  it('says so when the connections cannot be read', async () => {
    openPage({ 'GET /users/exchanges': { status: 500 } });
    expect(await screen.findByText('Failed to load exchange connections')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
