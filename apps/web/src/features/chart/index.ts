export {
  ChartWidget,
  chartViewOf,
  type ChartView,
  type ChartWidgetProps,
} from './components/chart-widget';
export type { TradingViewApi, TradingViewLoader } from './lib/tradingview-types';
