import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import { TradeIdeaWidget } from './trade-idea-widget';

const market = (base: string, assetId: number, sizeDecimals: number) => ({
  id: base,
  symbol: `${base}-USD`,
  base,
  quote: 'USD',
  assetId,
  sizeDecimals,
});
const ticker = (symbol: string, last: number) => ({
  symbol,
  last,
  bid: null,
  ask: null,
  timestamp: 1,
});

function renderLive({ marketsOk = true } = {}) {
  signIn();
  localStorage.setItem('liveTradingEnabled', 'true');
  localStorage.setItem('lastSymbol', 'BTCUSD');
  stubFetch(({ path }) => {
    if (path === '/users/me') return { status: 200, body: publicUser() };
    if (path === '/users/settings') return { status: 200, body: { liveTradingEnabled: true } };
    if (path === '/users/exchanges') {
      return {
        status: 200,
        body: {
          success: true,
          exchanges: [
            { id: 'c1', name: 'Hyperliquid', network: 'mainnet', connectedAt: '2026-01-01' },
          ],
        },
      };
    }
    if (path === '/exchange/markets') {
      return marketsOk
        ? {
            status: 200,
            body: {
              success: true,
              data: [market('BTC', 0, 5), market('ETH', 1, 4), market('kPEPE', 2, 0)],
            },
          }
        : { status: 502 };
    }
    if (path === '/exchange/tickers') {
      return {
        status: 200,
        body: {
          success: true,
          data: [
            ticker('BTC-USD', 65_000.5),
            ticker('ETH-USD', 3_450.25),
            ticker('kPEPE-USD', 0.0123),
          ],
        },
      };
    }
    return { status: 404 };
  });
  const onOpenChart = vi.fn();
  const view = renderWithProviders(
    <TradeIdeaWidget chartOpen={false} onOpenChart={onOpenChart} onCloseChart={() => {}} />,
  );
  return { ...view, onOpenChart };
}

describe('trading pair with live trading', () => {
  it('lists the markets with their prices at each market precision; the stored pair selects its market', async () => {
    renderLive();
    const select = await screen.findByRole('combobox', { name: 'Trading pair' });
    expect(
      await within(select).findByRole('option', { name: 'BTC-USD · $65,001' }),
    ).toBeInTheDocument();
    // 5 significant figures, at most 6 − szDecimals decimals (ETH: 2, kPEPE: 6).
    expect(within(select).getByRole('option', { name: 'ETH-USD · $3,450.3' })).toBeInTheDocument();
    expect(within(select).getByRole('option', { name: 'kPEPE-USD · $0.0123' })).toBeInTheDocument();
    expect(select).toHaveValue('BTC-USD');
    expect(select).toHaveAccessibleDescription('Last price $65,001 on Hyperliquid');
  });

  it("choosing a market sets the pair, keeping the exchange's case", async () => {
    const { user, onOpenChart } = renderLive();
    const select = await screen.findByRole('combobox', { name: 'Trading pair' });
    await within(select).findByRole('option', { name: /kPEPE-USD/ });
    await user.selectOptions(select, 'kPEPE-USD');
    expect(select).toHaveValue('kPEPE-USD');
    expect(localStorage.getItem('lastSymbol')).toBe('kPEPE-USD');
    await user.click(screen.getByRole('button', { name: 'Open Chart' }));
    expect(onOpenChart).toHaveBeenCalledWith('kPEPE-USD');
  });

  it('back to free text when the markets cannot be read', async () => {
    renderLive({ marketsOk: false });
    expect(await screen.findByText('Failed to fetch markets')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Trading pair' })).toHaveValue('BTCUSD');
  });
});
