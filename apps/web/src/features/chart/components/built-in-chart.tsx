import { useQuery } from '@tanstack/react-query';
import { formatPrice, priceSymbol, type Candle } from '@tb/core';
import type { AutoscaleInfo, UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { Spinner } from '@/components';
import { ohlcvQueryOptions } from '../api';
import { useDebouncedResize } from '../hooks/use-debounced-resize';
import type { TradeLevels } from '../lib/trade-levels';

type ChartHandle = { resize: (width: number, height: number) => void; remove: () => void };

/** A token of tokens.css as a colour string, since the canvas cannot read CSS variables. */
function token(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** The lines of an open trade: entry, stop and target, each with its name on the price axis. */
export function levelLines(levels: TradeLevels) {
  return [
    { title: 'Entry', price: levels.entryPrice, color: token('--color-accent', '#f5b83d') },
    { title: 'Stop', price: levels.stopLoss, color: token('--color-short', '#ef4444') },
    { title: 'Target', price: levels.takeProfit, color: token('--color-long', '#22c55e') },
  ];
}

/** Draws the candles with lightweight-charts, loaded only now (it stays out of /bingo). */
async function drawCandles(
  element: HTMLElement,
  candles: readonly Candle[],
  levels: TradeLevels | null,
): Promise<ChartHandle> {
  const { CandlestickSeries, ColorType, createChart, LineStyle } =
    await import('lightweight-charts');
  const chart = createChart(element, {
    width: element.clientWidth,
    height: element.clientHeight,
    layout: {
      background: { type: ColorType.Solid, color: token('--color-surface', '#121c33') },
      textColor: token('--color-text-muted', '#a3b1c9'),
    },
    grid: {
      vertLines: { color: token('--color-border', '#223052') },
      horzLines: { color: token('--color-border', '#223052') },
    },
    timeScale: { timeVisible: true, borderColor: token('--color-border-strong', '#2e3f66') },
    rightPriceScale: { borderColor: token('--color-border-strong', '#2e3f66') },
  });
  const series = chart.addSeries(CandlestickSeries, {
    upColor: token('--color-long', '#22c55e'),
    wickUpColor: token('--color-long', '#22c55e'),
    downColor: token('--color-short', '#ef4444'),
    wickDownColor: token('--color-short', '#ef4444'),
    borderVisible: false,
    // The price axis spans the trade's stop and target too, so their lines are on screen.
    autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
      const info = original();
      if (!info?.priceRange || !levels) return info;
      const prices = [levels.entryPrice, levels.stopLoss, levels.takeProfit];
      const { minValue, maxValue } = info.priceRange;
      return {
        ...info,
        priceRange: {
          minValue: Math.min(minValue, ...prices),
          maxValue: Math.max(maxValue, ...prices),
        },
      };
    },
  });
  series.setData(
    candles.map(([timeMs, open, high, low, close]) => ({
      time: Math.floor(timeMs / 1000) as UTCTimestamp,
      open,
      high,
      low,
      close,
    })),
  );
  for (const line of levels ? levelLines(levels) : []) {
    series.createPriceLine({
      ...line,
      lineWidth: 1,
      lineStyle: line.title === 'Entry' ? LineStyle.Solid : LineStyle.Dashed,
      axisLabelVisible: true,
    });
  }
  chart.timeScale().fitContent();
  return chart;
}

/** 'Long BTCUSDT · entry 61,000 · stop 60,000 · target 64,000'. */
export function levelsText(levels: TradeLevels): string {
  const at = (value: number) => formatPrice(value);
  return `${levels.isLong ? 'Long' : 'Short'} ${levels.pair} · entry ${at(levels.entryPrice)} · stop ${at(levels.stopLoss)} · target ${at(levels.takeProfit)}`;
}

/**
 * The fallback's own candlestick chart, fed by the server's OHLCV data: no third-party script.
 * `symbol` may be any shape ('BTCUSD', 'COINBASE:BTCUSD', 'kPEPE-USD'); the exchange is asked
 * for COIN-USD with the coin's case kept. With no data (or an error) it says so instead of
 * drawing an empty frame.
 */
export function BuiltInChart({
  symbol: pair,
  levels = null,
}: {
  symbol: string;
  /** The open trade on this coin, drawn as entry, stop and target lines. */
  levels?: TradeLevels | null;
}) {
  const symbol = priceSymbol(pair) ?? pair;
  const candles = useQuery(ohlcvQueryOptions(symbol));
  const canvasRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<ChartHandle | null>(null);
  const data = candles.data;
  const hasData = (data?.length ?? 0) > 0;
  // Redrawn when the trade's levels change, not when a new list holds the same levels.
  const levelsKey = levels ? JSON.stringify(levels) : '';

  useEffect(() => {
    const element = canvasRef.current;
    if (!element || !data || data.length === 0) return;
    let disposed = false;
    const drawn = levelsKey ? (JSON.parse(levelsKey) as TradeLevels) : null;
    void drawCandles(element, data, drawn).then((chart) => {
      if (disposed) chart.remove();
      else chartRef.current = chart;
    });
    return () => {
      disposed = true;
      chartRef.current?.remove();
      chartRef.current = null;
    };
  }, [data, levelsKey]);

  useDebouncedResize(() => {
    const element = canvasRef.current;
    if (element) chartRef.current?.resize(element.clientWidth, element.clientHeight);
  }, canvasRef);

  // The canvas stays mounted so the resize observer always has its element.
  return (
    <div className="chart-widget__builtin">
      <div className="chart-widget__legend" aria-label="Chart legend">
        <span className="chart-widget__legend-pair">{symbol}</span>
        <span className="chart-widget__legend-frame">1h</span>
        {levels ? <span className="chart-widget__legend-levels">{levelsText(levels)}</span> : null}
      </div>
      <div
        ref={canvasRef}
        className="chart-widget__canvas"
        role="img"
        aria-label={`Candlestick chart of ${symbol}, 1 hour candles`}
        hidden={!hasData}
      />
      {candles.isPending ? (
        <div className="chart-widget__center">
          <Spinner label="Loading market data..." />
        </div>
      ) : !hasData ? (
        <div className="chart-widget__center chart-widget__empty" role="status">
          <p className="chart-widget__empty-title">No market data</p>
          <p className="chart-widget__empty-text">
            The exchange has no candles for {symbol} right now.
          </p>
        </div>
      ) : null}
    </div>
  );
}
