export { ChartWidget, type ChartWidgetProps } from './components/chart-widget';
export type { TradingViewApi, TradingViewLoader } from './lib/tradingview-types';
