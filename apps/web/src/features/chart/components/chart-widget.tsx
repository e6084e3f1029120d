import { chartSymbol, DEFAULT_CHART_SYMBOL } from '@tb/core';
import { useId, useRef, useState } from 'react';
import { Button, Spinner } from '@/components';
import { useLastSymbol } from '@/features/trade-idea';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useTradingViewEmbed } from '../hooks/use-tradingview-embed';
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
  /** Replaces the tv.js loader (tests). */
  loadScript?: TradingViewLoader;
}

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
export function ChartWidget({ symbol, exchange, loadScript }: ChartWidgetProps) {
  const followed = useDebouncedValue(useLastSymbol(), FOLLOW_DELAY_MS);
  const pair = followed ?? symbol ?? DEFAULT_CHART_SYMBOL;
  const tvSymbol = chartSymbol(tradingViewPair(pair), exchange);
  // A new symbol starts a fresh chart, with its own state machine.
  return (
    <TradingViewChart
      key={tvSymbol}
      tvSymbol={tvSymbol}
      pair={pair}
      loadScript={loadScript ?? loadTradingViewOnDemand}
    />
  );
}

function TradingViewChart({
  tvSymbol,
  pair,
  loadScript,
}: {
  tvSymbol: string;
  /** The pair as chosen, case kept, for the exchange's candles ('kPEPE-USD'). */
  pair: string;
  loadScript: TradingViewLoader;
}) {
  const containerId = `tradingview-${useId().replace(/[^\w-]/g, '')}`;
  const containerRef = useRef<HTMLDivElement>(null);
  const [builtIn, setBuiltIn] = useState(false);
  const { status, reload } = useTradingViewEmbed({
    tvSymbol,
    containerId,
    containerRef,
    loadScript,
    active: !builtIn,
  });

  const backToTradingView = () => {
    setBuiltIn(false);
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
          <BuiltInChart symbol={pair} />
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
          onUseBuiltIn={() => setBuiltIn(true)}
        />
      ) : null}
    </div>
  );
}
