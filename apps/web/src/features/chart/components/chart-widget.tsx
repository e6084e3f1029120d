import { chartSymbol } from '@tb/core';
import { useId, useRef, useState } from 'react';
import { Button, Spinner } from '@/components';
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

/** The dashboard's chart: TradingView's embed (dark, daily, UTC) with its fallback panel. */
export function ChartWidget({ symbol, exchange, loadScript }: ChartWidgetProps) {
  const tvSymbol = chartSymbol(symbol, exchange);
  // A new symbol starts a fresh chart, with its own state machine.
  return (
    <TradingViewChart
      key={tvSymbol}
      tvSymbol={tvSymbol}
      loadScript={loadScript ?? loadTradingViewOnDemand}
    />
  );
}

function TradingViewChart({
  tvSymbol,
  loadScript,
}: {
  tvSymbol: string;
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
          <BuiltInChart tvSymbol={tvSymbol} />
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
