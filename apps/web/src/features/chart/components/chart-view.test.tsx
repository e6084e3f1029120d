import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch-mock';
import { createTestQueryClient } from '@/test/render-app';
import type { TradingViewApi } from '../lib/tradingview-types';
import { ChartWidget, chartViewOf, type ChartView } from './chart-widget';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function renderChart(view: ChartView, onViewChange = vi.fn()) {
  const loadScript = vi.fn<() => Promise<TradingViewApi>>(() =>
    Promise.reject(new Error('blocked')),
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ChartWidget
        symbol="BTCUSD"
        view={view}
        onViewChange={onViewChange}
        loadScript={loadScript}
      />
    </QueryClientProvider>,
  );
  return { loadScript, onViewChange };
}

const fallback = () => screen.queryByRole('heading', { name: 'Chart Display Issue' });

beforeEach(() => {
  vi.useFakeTimers();
  stubFetch(() => ({ status: 200, body: [] }));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the chart choice', () => {
  it('a stored built-in choice opens the built-in chart and never asks for TradingView', async () => {
    const { loadScript } = renderChart('builtIn');
    await advance(10_000);
    expect(loadScript).not.toHaveBeenCalled();
    expect(fallback()).not.toBeInTheDocument();
    expect(screen.getByLabelText('Chart legend')).toHaveTextContent('BTC-USD');
    expect(screen.getByRole('button', { name: 'Try TradingView again' })).toBeVisible();
  });

  it('"Use built-in chart" is stored, and so is "Try TradingView again"', async () => {
    const { loadScript, onViewChange } = renderChart('tradingview');
    await advance(500);
    expect(loadScript).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Use built-in chart' }));
    expect(onViewChange).toHaveBeenLastCalledWith('builtIn');
    fireEvent.click(screen.getByRole('button', { name: 'Try TradingView again' }));
    expect(onViewChange).toHaveBeenLastCalledWith('tradingview');
    await advance(500);
    expect(loadScript).toHaveBeenCalledTimes(2);
    expect(fallback()).toBeInTheDocument();
  });

  it.each([
    ['builtIn', 'builtIn'],
    ['tradingview', 'tradingview'],
    [undefined, 'tradingview'],
    [42, 'tradingview'],
  ])('the stored prop %s reads as %s', (stored, view) => {
    expect(chartViewOf(stored)).toBe(view);
  });
});
