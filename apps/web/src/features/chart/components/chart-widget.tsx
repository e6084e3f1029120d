import { chartSymbol, DEFAULT_CHART_SYMBOL } from '@tb/core';
import { useId, useMemo, useRef, useState } from 'react';
import { Button, Spinner } from '@/components';
import { useTradeList } from '@/features/journal';
import { useLastSymbol } from '@/features/trade-idea';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useTradingViewEmbed } from '../hooks/use-tradingview-embed';
import { openTradeLevels } from '../lib/trade-levels';
import type { TradingViewLoader } from '../lib/tradingview-types';
import { BuiltInChart } from './built-in-chart';
import { ChartFallback } from './chart-fallback';
import './chart.css';

/** The real loader, itself a lazy chunk: nothing of TradingView loads before a chart shows. */
const loadTradingViewOnDemand: TradingViewLoader = () =>
  import('../lib/tradingview-script').then((m) => m.loadTradingViewScript());

export interface ChartWidgetProps {
  /** Trading pair, e.g. 'BTCUSD' (default); a 'EXCHANGE:PAIR' symbol is used as it is. */
  symbol?: string;
  /** Exchange prefix of the TradingView symbol; default 'COINBASE'. */
  exchange?: string;
  /**
   * Which chart the trader chose: 'builtIn' after "Use built-in chart" (TradingView is then
   * neither loaded nor waited for), else TradingView's embed. Kept in the chart widget's
   * layout props: on the server for a signed-in trader, in the browser otherwise.
   */
  view?: ChartView;
  /** The trader chose the other chart: store it (the layout's props). */
  onViewChange?: (view: ChartView) => void;
  /** Replaces the tv.js loader (tests). */
  loadScript?: TradingViewLoader;
}

/** The two charts the widget can show. */
export type ChartView = 'tradingview' | 'builtIn';

/** A stored `view` prop read back: anything but 'builtIn' is TradingView's chart. */
export const chartViewOf = (value: unknown): ChartView =>
  value === 'builtIn' ? 'builtIn' : 'tradingview';

/** How long the trade idea's pair must stay put before the chart follows it. */
const FOLLOW_DELAY_MS = 600;

/** TradingView's form of a pair: 'BTC-USD' (an exchange symbol) → 'BTCUSD'. */
export function tradingViewPair(pair: string): string {
  return pair.includes(':') ? pair : pair.replace(/[-/]/g, '');
}

/**
 * The dashboard's chart: TradingView's embed (dark, daily, UTC) with its fallback panel. It
 * shows the trade idea's pair, following it once it settles, else the pair it was opened with.
 */
export function ChartWidget({
  symbol,
  exchange,
  view = 'tradingview',
  onViewChange,
  loadScript,
}: ChartWidgetProps) {
  const followed = useDebouncedValue(useLastSymbol(), FOLLOW_DELAY_MS);
  const pair = followed ?? symbol ?? DEFAULT_CHART_SYMBOL;
  const tvSymbol = chartSymbol(tradingViewPair(pair), exchange);
  const { trades } = useTradeList();
  const levels = useMemo(() => openTradeLevels(trades, pair), [trades, pair]);
  // A new symbol starts a fresh chart, with its own state machine.
  return (
    <TradingViewChart
      key={tvSymbol}
      tvSymbol={tvSymbol}
      pair={pair}
      levels={levels}
      view={view}
      onViewChange={onViewChange}
      loadScript={loadScript ?? loadTradingViewOnDemand}
    />
  );
}

function TradingViewChart({
  tvSymbol,
  pair,
  levels,
  view,
  onViewChange,
  loadScript,
}: {
  tvSymbol: string;
  /** The pair as chosen, case kept, for the exchange's candles ('kPEPE-USD'). */
  pair: string;
  levels: ReturnType<typeof openTradeLevels>;
  view: ChartView;
  onViewChange?: (view: ChartView) => void;
  loadScript: TradingViewLoader;
}) {
  const containerId = `tradingview-${useId().replace(/[^\w-]/g, '')}`;
  const containerRef = useRef<HTMLDivElement>(null);
  // The stored choice opens the chart; a click changes it at once, then stores it.
  const [builtIn, setBuiltIn] = useState(view === 'builtIn');
  const choose = (next: ChartView) => {
    if ((next === 'builtIn') !== builtIn) onViewChange?.(next);
    setBuiltIn(next === 'builtIn');
  };
  const { status, reload } = useTradingViewEmbed({
    tvSymbol,
    containerId,
    containerRef,
    loadScript,
    active: !builtIn,
  });

  const backToTradingView = () => {
    choose('tradingview');
    reload();
  };

  return (
    <div className="chart-widget" aria-busy={!builtIn && status === 'loading'}>
      <div
        id={containerId}
        ref={containerRef}
        className="chart-widget__embed"
        hidden={builtIn || status === 'fallback'}
      />
      {builtIn ? (
        <>
          <BuiltInChart symbol={pair} levels={levels} />
          <div className="chart-widget__toolbar">
            <Button variant="ghost" onClick={backToTradingView}>
              Try TradingView again
            </Button>
          </div>
        </>
      ) : status === 'loading' ? (
        <div className="chart-widget__center chart-widget__overlay">
          <Spinner label="Loading chart..." />
        </div>
      ) : status === 'fallback' ? (
        <ChartFallback
          tvSymbol={tvSymbol}
          onReload={reload}
          onUseBuiltIn={() => choose('builtIn')}
        />
      ) : null}
    </div>
  );
}
