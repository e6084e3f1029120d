/** The options of `new TradingView.widget(...)` this app sets (tv.js "Advanced chart" embed). */
export interface TradingViewWidgetOptions {
  symbol: string;
  interval: string;
  timezone: string;
  theme: 'dark' | 'light';
  style: string;
  locale: string;
  container_id: string;
  autosize: boolean;
  enable_publishing: boolean;
  allow_symbol_change: boolean;
  hide_side_toolbar: boolean;
  withdateranges: boolean;
  toolbar_bg: string;
}

/** What tv.js puts on `window.TradingView`, as far as the app uses it. */
export interface TradingViewApi {
  widget: new (options: TradingViewWidgetOptions) => unknown;
}

/**
 * Loads the TradingView script and resolves with its API; rejects when the script fails.
 * Injected into the chart so tests never touch the network; the time-out is the chart's.
 */
export type TradingViewLoader = () => Promise<TradingViewApi>;
