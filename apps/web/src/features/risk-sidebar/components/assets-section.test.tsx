import { act, screen, waitFor, within } from '@testing-library/react';
import { defaultRiskState } from '@tb/core';
import { describe, expect, it } from 'vitest';
import { exchangeKeys, userSettingsQueryOptions } from '@/features/exchange';
import { calls, errorBody, stubFetch, type MockReply } from '@/test/fetch-mock';
import { signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import { RiskSidebar } from './risk-sidebar';

const connection = {
  id: 'c1',
  name: 'Hyperliquid',
  network: 'paper',
  connectedAt: '2026-03-01T00:00:00.000Z',
};
const balance = (usdcValue: number) => ({
  status: 200,
  body: { success: true, data: { free: {}, used: {}, total: {}, info: { usdcValue } } },
});

/** A signed-in user with risk state on the server and, if `live`, live trading on `c1`. */
function renderLive(account: () => MockReply, { live = true, streak = 2 } = {}) {
  signIn();
  if (live) localStorage.setItem('liveTradingEnabled', 'true');
  const risk = { ...defaultRiskState(Date.now()), tradeStreak: streak };
  const fetch = stubFetch(({ path }) => {
    if (path === '/users/settings') return { status: 200, body: { liveTradingEnabled: live } };
    if (path === '/risk-management') return { status: 200, body: risk };
    if (path === '/users/exchanges') {
      return { status: 200, body: { success: true, exchanges: [connection] } };
    }
    if (path.startsWith('/exchange/account')) return account();
    return { status: 404 };
  });
  const view = renderWithProviders(<RiskSidebar collapsed={false} onToggle={() => {}} />);
  const assets = () => within(screen.getByRole('heading', { name: 'Assets' }).closest('section')!);
  return { ...view, fetch, assets };
}

describe('risk sidebar with live trading', () => {
  it('account size = USDC balance, trade size = round(balance × (10 + 2 × streak) / 100)', async () => {
    const { assets, fetch } = renderLive(() => balance(12_345.67));
    // streak 2: 14 % of 12,345.67 = 1,728.39 → 1,728
    expect(await assets().findByText('$1,728')).toBeVisible();
    expect(assets().getByText('$12,346')).toBeVisible();
    expect(assets().getByText('USDC balance from Hyperliquid · Paper')).toBeVisible();
    expect(assets().queryByRole('button', { name: 'Edit assets' })).not.toBeInTheDocument();
    expect(calls(fetch)).toContain('GET /api/exchange/account');
  });

  it('falls back to the stored sizes and says why when the balance cannot be read', async () => {
    const { assets } = renderLive(() => ({
      status: 502,
      body: errorBody('EXCHANGE_ERROR', 'Failed to fetch account data: exchange unreachable'),
    }));
    expect(await assets().findByRole('alert')).toHaveTextContent(
      'Failed to fetch account data: exchange unreachable',
    );
    expect(assets().getByText('$10,000')).toBeVisible();
    expect(assets().getByText('$1,400')).toBeVisible();
    expect(assets().getByRole('button', { name: 'Edit assets' })).toBeVisible();
  });

  it('a balance read that timed out is not shown', async () => {
    const { assets, queryClient } = renderLive(() => ({
      status: 504,
      body: errorBody('EXCHANGE_TIMEOUT', 'Failed to fetch account data: the exchange timed out'),
    }));
    await screen.findByText('$1,400');
    await waitFor(() =>
      expect(queryClient.getQueryState(exchangeKeys.account('c1'))?.status).toBe('error'),
    );
    expect(assets().queryByRole('alert')).not.toBeInTheDocument();
    expect(assets().getByText('$10,000')).toBeVisible();
  });

  it('without live trading the exchange is not asked', async () => {
    const { fetch } = renderLive(() => balance(500), { live: false });
    expect(await screen.findByText('$1,400')).toBeVisible();
    expect(calls(fetch)).not.toContain('GET /api/exchange/account');
  });

  it('follows the live trading switch at once, off and on again', async () => {
    const { assets, queryClient } = renderLive(() => balance(12_345.67));
    expect(await assets().findByText('USDC balance from Hyperliquid · Paper')).toBeVisible();
    // The switch (useSetLiveTrading) puts the new value into the settings query at once.
    const setLive = (liveTradingEnabled: boolean) =>
      act(() =>
        queryClient.setQueryData(userSettingsQueryOptions().queryKey, { liveTradingEnabled }),
      );
    setLive(false);
    await waitFor(() => expect(assets().queryByText(/USDC balance from/)).not.toBeInTheDocument());
    expect(assets().getByText('$10,000')).toBeVisible();
    setLive(true);
    expect(await assets().findByText('$12,346')).toBeVisible();
  });
});
