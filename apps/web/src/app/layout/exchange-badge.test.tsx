import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, stubFetch } from '@/test/fetch-mock';
import { publicUser, renderApp, signIn } from '@/test/render-app';

const banner = () => within(screen.getByRole('banner'));

function connection(id: string, network: string, connectedAt = '2026-03-01T10:00:00.000Z') {
  return { id, name: 'Hyperliquid', network, connectedAt };
}

function serve(exchanges: unknown[]) {
  return stubFetch(({ path }) => {
    if (path === '/users/me') return { status: 200, body: publicUser() };
    if (path === '/users/exchanges') return { status: 200, body: { success: true, exchanges } };
    return { status: 404 };
  });
}

describe('exchange badge', () => {
  it('signed in: loads the connections on start and shows the newest, linking to live trading', async () => {
    signIn();
    const fetch = serve([
      connection('k1', 'mainnet', '2026-01-01T00:00:00.000Z'),
      connection('k2', 'paper', '2026-02-01T00:00:00.000Z'),
    ]);
    renderApp('/');
    const link = await banner().findByRole('link', { name: 'Exchange: Hyperliquid · Paper' });
    expect(link).toHaveAttribute('href', '/hyperliquid-test');
    expect(calls(fetch)).toContain('GET /api/users/exchanges');
  });

  it('shows the stored current connection, with live trading announced', async () => {
    signIn();
    localStorage.setItem('currentExchange', 'k1');
    localStorage.setItem('liveTradingEnabled', 'true');
    serve([connection('k1', 'mainnet'), connection('k2', 'testnet', '2026-04-01T00:00:00.000Z')]);
    renderApp('/');
    expect(
      await banner().findByRole('link', { name: 'Exchange: Hyperliquid, live trading on' }),
    ).toBeVisible();
  });

  it('forgets a stored current id that is not among the connections', async () => {
    signIn();
    localStorage.setItem('currentExchange', 'someone-elses');
    serve([connection('k2', 'testnet')]);
    renderApp('/');
    expect(await banner().findByText('Hyperliquid · Testnet')).toBeVisible();
    expect(localStorage.getItem('currentExchange')).toBeNull();
  });

  it('nothing without a connection, and no call when signed out', async () => {
    localStorage.setItem('currentExchange', 'k1');
    const fetch = serve([connection('k1', 'mainnet')]);
    const view = renderApp('/');
    expect(banner().queryByText(/hyperliquid/i)).not.toBeInTheDocument();
    expect(calls(fetch)).not.toContain('GET /api/users/exchanges');
    view.unmount();

    signIn();
    const empty = serve([]);
    const { queryClient } = renderApp('/');
    await waitFor(() =>
      expect(queryClient.getQueryState(['exchange', 'connections'])?.status).toBe('success'),
    );
    expect(calls(empty)).toContain('GET /api/users/exchanges');
    expect(banner().queryByText(/hyperliquid/i)).not.toBeInTheDocument();
  });
});
