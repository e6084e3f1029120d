import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, stubFetch } from '@/test/fetch-mock';
import { createTestQueryClient } from '@/test/render-app';
import type { TradeLevels } from '../lib/trade-levels';
import { BuiltInChart } from './built-in-chart';

// lightweight-charts draws on a canvas jsdom does not have: the library itself is checked in
// the browser; here only what the widget hands it.
const chart = vi.hoisted(() => {
  const series = { setData: vi.fn(), createPriceLine: vi.fn() };
  const api = {
    addSeries: vi.fn(() => series),
    timeScale: vi.fn(() => ({ fitContent: vi.fn() })),
    resize: vi.fn(),
    remove: vi.fn(),
  };
  return { series, api, createChart: vi.fn(() => api) };
});
vi.mock('lightweight-charts', () => ({
  createChart: chart.createChart,
  CandlestickSeries: 'CandlestickSeries',
  ColorType: { Solid: 'solid' },
  LineStyle: { Solid: 0, Dashed: 2 },
}));

beforeEach(() => {
  vi.clearAllMocks();
});

function renderBuiltIn(symbol = 'COINBASE:BTCUSD', levels: TradeLevels | null = null) {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <BuiltInChart symbol={symbol} levels={levels} />
    </QueryClientProvider>,
  );
}

const CANDLE = [1_700_000_000_000, 0.19, 0.21, 0.18, 0.2, 1000];

describe('BuiltInChart', () => {
  it('asks the server for 100 one-hour candles of the pair', async () => {
    const fetch = stubFetch(() => ({ status: 200, body: [] }));
    renderBuiltIn();
    expect(screen.getByText('Loading market data...')).toBeInTheDocument();
    await screen.findByText('No market data');
    expect(calls(fetch)).toEqual(['GET /api/exchange/ohlcv/BTC-USD?timeframe=1h&limit=100']);
  });

  it.each([
    ['the endpoint is missing (404)', { status: 404 }],
    ['the server fails', { status: 500 }],
    ['the list is empty', { status: 200, body: { data: [] } }],
    ['the body is not candles', { status: 200, body: { candles: 'soon' } }],
  ])('shows "No market data" when %s', async (_case, reply) => {
    stubFetch(() => reply);
    renderBuiltIn();
    expect(await screen.findByText('No market data')).toBeInTheDocument();
    expect(chart.createChart).not.toHaveBeenCalled();
  });

  it('draws the candles, converting milliseconds to chart seconds', async () => {
    stubFetch(() => ({
      status: 200,
      body: {
        data: [
          [1_700_000_000_000, 100, 110, 95, 105, 12],
          [1_700_003_600_000, 105, 120, 104, 118, 9],
        ],
      },
    }));
    renderBuiltIn('BINANCE:ETHUSDT');
    await waitFor(() => expect(chart.series.setData).toHaveBeenCalled());
    expect(chart.api.addSeries).toHaveBeenCalledWith('CandlestickSeries', expect.any(Object));
    expect(chart.series.setData).toHaveBeenCalledWith([
      { time: 1_700_000_000, open: 100, high: 110, low: 95, close: 105 },
      { time: 1_700_003_600, open: 105, high: 120, low: 104, close: 118 },
    ]);
    expect(screen.getByRole('img', { name: /Candlestick chart of ETH-USD/ })).toBeVisible();
    expect(screen.queryByText('No market data')).not.toBeInTheDocument();
  });

  it('reads the server envelope { success, data } for an exchange symbol, case kept', async () => {
    const fetch = stubFetch(() => ({
      status: 200,
      body: { success: true, data: [[1_700_000_000_000, 0.01, 0.012, 0.009, 0.011, 5]] },
    }));
    renderBuiltIn('kPEPE-USD');
    await waitFor(() => expect(chart.series.setData).toHaveBeenCalled());
    expect(calls(fetch)).toEqual(['GET /api/exchange/ohlcv/kPEPE-USD?timeframe=1h&limit=100']);
    expect(chart.series.setData).toHaveBeenCalledWith([
      { time: 1_700_000_000, open: 0.01, high: 0.012, low: 0.009, close: 0.011 },
    ]);
  });

  it.each([
    ['BTCUSD', 'BTC-USD'],
    ['ETH-USD', 'ETH-USD'],
    ['SOL/USDT', 'SOL-USD'],
  ])('asks for %s as %s', async (symbol, asked) => {
    const fetch = stubFetch(() => ({ status: 200, body: { success: true, data: [] } }));
    renderBuiltIn(symbol);
    await screen.findByText('No market data');
    expect(calls(fetch)).toEqual([`GET /api/exchange/ohlcv/${asked}?timeframe=1h&limit=100`]);
  });

  it('resizes the chart once a burst of window resizes has settled for 250 ms', async () => {
    stubFetch(() => ({ status: 200, body: [[1_700_000_000_000, 1, 2, 0.5, 1.5, 1]] }));
    renderBuiltIn();
    await waitFor(() => expect(chart.series.setData).toHaveBeenCalled());
    await act(async () => {}); // the chart handle is kept once drawing has finished
    vi.useFakeTimers();
    chart.api.resize.mockClear();
    act(() => {
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(200);
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(249);
    });
    expect(chart.api.resize).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(chart.api.resize).toHaveBeenCalledTimes(1);
  });

  it('names the pair in its legend, with no trade lines when no trade is open', async () => {
    stubFetch(() => ({ status: 200, body: [CANDLE] }));
    renderBuiltIn('DOGEUSD');
    await waitFor(() => expect(chart.series.setData).toHaveBeenCalled());
    expect(screen.getByLabelText('Chart legend')).toHaveTextContent('DOGE-USD1h');
    expect(chart.series.createPriceLine).not.toHaveBeenCalled();
  });

  it('draws the open trade’s entry, stop and target as lines, and lists them in the legend', async () => {
    stubFetch(() => ({ status: 200, body: [CANDLE] }));
    const levels: TradeLevels = {
      tradeId: 't1',
      pair: 'DOGEUSDT',
      isLong: true,
      entryPrice: 0.1968,
      stopLoss: 0.1932,
      takeProfit: 0.2076,
    };
    renderBuiltIn('DOGEUSD', levels);
    await waitFor(() => expect(chart.series.createPriceLine).toHaveBeenCalledTimes(3));
    expect(
      chart.series.createPriceLine.mock.calls.map(([line]) => [line.title, line.price]),
    ).toEqual([
      ['Entry', 0.1968],
      ['Stop', 0.1932],
      ['Target', 0.2076],
    ]);
    expect(chart.series.createPriceLine).toHaveBeenCalledWith(
      expect.objectContaining({ axisLabelVisible: true }),
    );
    // The price axis reaches the stop and the target, beyond the candles' own range.
    const [, options] = chart.api.addSeries.mock.calls[0] as unknown as [
      string,
      { autoscaleInfoProvider: (original: () => unknown) => unknown },
    ];
    expect(
      options.autoscaleInfoProvider(() => ({ priceRange: { minValue: 0.195, maxValue: 0.2 } })),
    ).toEqual({ priceRange: { minValue: 0.1932, maxValue: 0.2076 } });
    // Prices at the market's precision: DOGE's four decimals, not 0.20.
    expect(screen.getByLabelText('Chart legend')).toHaveTextContent(
      'DOGE-USD1hLong DOGEUSDT · entry 0.1968 · stop 0.1932 · target 0.2076',
    );
  });
});
