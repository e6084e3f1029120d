import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeLastSymbol } from '@/features/trade-idea';
import { calls, stubFetch } from '@/test/fetch-mock';
import { createTestQueryClient } from '@/test/render-app';
import type { TradingViewApi, TradingViewWidgetOptions } from '../lib/tradingview-types';
import { ChartWidget } from './chart-widget';

type Behaviour = 'draws' | 'stays-empty';

/** A fake tv.js: the widget draws an iframe into its container, or leaves it empty. */
function fakeTradingView(behaviour: Behaviour = 'draws') {
  const created: TradingViewWidgetOptions[] = [];
  const api: TradingViewApi = {
    widget: class {
      constructor(options: TradingViewWidgetOptions) {
        created.push(options);
        if (behaviour === 'draws') {
          document.getElementById(options.container_id)?.append(document.createElement('iframe'));
        }
      }
    },
  };
  return { api, created };
}

/** Passes time on fake timers and lets promises and React settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function renderChart(loadScript: () => Promise<TradingViewApi>, symbol = 'BTCUSD') {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ChartWidget symbol={symbol} exchange="COINBASE" loadScript={loadScript} />
    </QueryClientProvider>,
  );
}

const loading = () => screen.queryByText('Loading chart...');
const fallback = () => screen.queryByRole('heading', { name: 'Chart Display Issue' });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ChartWidget', () => {
  it('loads the script after the start delay and becomes ready with a dark daily UTC chart', async () => {
    const tv = fakeTradingView();
    const loadScript = vi.fn(() => Promise.resolve(tv.api));
    renderChart(loadScript);
    expect(loading()).toBeInTheDocument();
    await advance(499);
    expect(loadScript).not.toHaveBeenCalled();
    await advance(1);
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(loading()).not.toBeInTheDocument();
    expect(fallback()).not.toBeInTheDocument();
    expect(tv.created[0]).toMatchObject({
      symbol: 'COINBASE:BTCUSD',
      interval: 'D',
      timezone: 'Etc/UTC',
      theme: 'dark',
      autosize: true,
    });
    expect(document.getElementById(tv.created[0]!.container_id)).toContainHTML('iframe');
  });

  it('shows the fallback panel when the script fails to load', async () => {
    renderChart(() => Promise.reject(new Error('blocked')));
    await advance(500);
    expect(fallback()).toBeInTheDocument();
    expect(screen.getByText(/could be due to an ad blocker or network issue/)).toBeInTheDocument();
    expect(loading()).not.toBeInTheDocument();
  });

  it('gives up on a script that has not loaded after 5 s', async () => {
    renderChart(() => new Promise(() => {}));
    await advance(500 + 4_999);
    expect(fallback()).not.toBeInTheDocument();
    expect(loading()).toBeInTheDocument();
    await advance(1);
    expect(fallback()).toBeInTheDocument();
  });

  it('falls back when the container is still empty 3 s after the widget was created', async () => {
    const tv = fakeTradingView('stays-empty');
    renderChart(() => Promise.resolve(tv.api));
    await advance(500 + 2_999);
    expect(tv.created).toHaveLength(1);
    expect(fallback()).not.toBeInTheDocument();
    await advance(1);
    expect(fallback()).toBeInTheDocument();
  });

  it('links to TradingView and CoinGecko for the symbol, in a new tab', async () => {
    renderChart(() => Promise.reject(new Error('blocked')), 'ethusd');
    await advance(500);
    const tradingView = screen.getByRole('link', { name: 'Open in TradingView' });
    expect(tradingView).toHaveAttribute(
      'href',
      'https://www.tradingview.com/chart/?symbol=COINBASE%3AETHUSD',
    );
    expect(tradingView).toHaveAttribute('target', '_blank');
    expect(tradingView).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByRole('link', { name: 'View on CoinGecko' })).toHaveAttribute(
      'href',
      'https://www.coingecko.com/en/search?query=ETH',
    );
  });

  it('"Reload Widget" tries again and can succeed', async () => {
    const tv = fakeTradingView();
    const loadScript = vi
      .fn<() => Promise<TradingViewApi>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(tv.api);
    renderChart(loadScript);
    await advance(500);
    fireEvent.click(screen.getByRole('button', { name: 'Reload Widget' }));
    expect(loading()).toBeInTheDocument();
    await advance(500);
    expect(loadScript).toHaveBeenCalledTimes(2);
    expect(fallback()).not.toBeInTheDocument();
    expect(loading()).not.toBeInTheDocument();
  });

  it('re-initialises when the tab becomes visible and the chart is empty', async () => {
    const tv = fakeTradingView();
    const loadScript = vi.fn(() => Promise.resolve(tv.api));
    renderChart(loadScript);
    await advance(500);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');

    // Still drawn: nothing to do.
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await advance(500);
    expect(loadScript).toHaveBeenCalledTimes(1);

    document.getElementById(tv.created[0]!.container_id)?.replaceChildren();
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(loading()).toBeInTheDocument();
    await advance(500);
    expect(loadScript).toHaveBeenCalledTimes(2);
    expect(tv.created).toHaveLength(2);
  });

  it('re-checks an emptied chart once resizing has stopped for 250 ms', async () => {
    const tv = fakeTradingView();
    const loadScript = vi.fn(() => Promise.resolve(tv.api));
    renderChart(loadScript);
    await advance(500);
    document.getElementById(tv.created[0]!.container_id)?.replaceChildren();

    for (let i = 0; i < 3; i++) {
      act(() => void window.dispatchEvent(new Event('resize')));
      await advance(100);
    }
    await advance(149);
    expect(loading()).not.toBeInTheDocument();
    await advance(1);
    expect(loading()).toBeInTheDocument();
    await advance(500);
    expect(loadScript).toHaveBeenCalledTimes(2);
  });

  it('offers the built-in chart, which says honestly when there is no market data', async () => {
    stubFetch(() => ({ status: 404 }));
    renderChart(() => Promise.reject(new Error('blocked')));
    await advance(500);
    fireEvent.click(screen.getByRole('button', { name: 'Use built-in chart' }));
    expect(fallback()).not.toBeInTheDocument();
    await advance(0);
    expect(screen.getByText('No market data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try TradingView again' })).toBeInTheDocument();
  });

  it("follows the trade idea's pair once it has settled", async () => {
    const tv = fakeTradingView();
    renderChart(() => Promise.resolve(tv.api));
    await advance(500);
    expect(tv.created[0]).toMatchObject({ symbol: 'COINBASE:BTCUSD' });
    act(() => writeLastSymbol('ETH-USD'));
    await advance(599);
    expect(tv.created).toHaveLength(1);
    await advance(1);
    await advance(500);
    expect(tv.created[1]).toMatchObject({ symbol: 'COINBASE:ETHUSD' });
  });

  it("the built-in chart asks the exchange for the trade idea's pair, case kept", async () => {
    localStorage.setItem('lastSymbol', 'kPEPE-USD');
    const fetch = stubFetch(() => ({ status: 200, body: { success: true, data: [] } }));
    renderChart(() => Promise.reject(new Error('blocked')));
    await advance(500);
    fireEvent.click(screen.getByRole('button', { name: 'Use built-in chart' }));
    await advance(0);
    expect(screen.getByText('No market data')).toBeInTheDocument();
    expect(calls(fetch)).toEqual(['GET /api/exchange/ohlcv/kPEPE-USD?timeframe=1h&limit=100']);
  });
});
