import {
  DEFAULT_CHART_EXCHANGE,
  DEFAULT_CHART_SYMBOL,
  WIDGETS,
  widgetTypeOf,
  type WidgetLayoutItem,
  type WidgetType,
} from '@tb/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { Spinner } from '@/components';
import type { ChartView } from '@/features/chart';
import { BingoGridWidget } from '@/features/bingo-grid';
import { RiskRewardWidget } from '@/features/risk-reward';
import { TradeDetailsWidget } from '@/features/trade-details';
import { TradeIdeaWidget } from '@/features/trade-idea';

// The chart belongs to another feature and loads on demand (the trade idea is in every default
// layout, and Trade Details uses its pair: it comes with the dashboard).
const ChartWidget = lazy(() =>
  import('@/features/chart').then((m) => ({ default: m.ChartWidget })),
);
// The chat is premium and added on demand: its code loads with the widget.
const ChatWidget = lazy(() => import('@/features/chat').then((m) => ({ default: m.ChatWidget })));

/** What the trade idea needs from the dashboard: whether the chart is open, and toggles. */
export interface ChartControls {
  chartOpen: boolean;
  onOpenChart: (symbol: string) => void;
  onCloseChart: () => void;
  /** The trader chose the built-in chart or TradingView's: kept in the chart's props. */
  onChartViewChange: (view: ChartView) => void;
}

export function widgetTypeOfItem(item: WidgetLayoutItem): WidgetType | null {
  return item.widgetType ?? widgetTypeOf(item.i);
}

export function widgetTitle(item: WidgetLayoutItem): string {
  const type = widgetTypeOfItem(item);
  return item.title ?? (type ? WIDGETS[type].title : item.i);
}

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value ? value : fallback;

/** The content of one widget of the layout. */
export function renderWidget(item: WidgetLayoutItem, chart: ChartControls): ReactNode {
  const type = widgetTypeOfItem(item);
  let content: ReactNode;
  switch (type) {
    case 'bingo':
      content = <BingoGridWidget />;
      break;
    case 'risk-reward':
      content = <RiskRewardWidget />;
      break;
    case 'trade-details':
      content = <TradeDetailsWidget />;
      break;
    case 'trade-idea':
      content = (
        <TradeIdeaWidget
          chartOpen={chart.chartOpen}
          onOpenChart={chart.onOpenChart}
          onCloseChart={chart.onCloseChart}
        />
      );
      break;
    case 'chart':
      content = (
        <ChartWidget
          symbol={text(item.props?.symbol, DEFAULT_CHART_SYMBOL)}
          exchange={text(item.props?.exchange, DEFAULT_CHART_EXCHANGE)}
          view={item.props?.view === 'builtIn' ? 'builtIn' : 'tradingview'}
          onViewChange={chart.onChartViewChange}
        />
      );
      break;
    case 'chat':
      content = <ChatWidget />;
      break;
    default:
      content = <p>Unknown widget</p>;
  }
  return <Suspense fallback={<Spinner label="Loading widget" />}>{content}</Suspense>;
}
