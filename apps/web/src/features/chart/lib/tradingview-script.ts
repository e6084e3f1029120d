import type { TradingViewApi } from './tradingview-types';

/** The third-party chart script (SPEC.md section 7), fetched only when a chart is shown. */
export const TRADINGVIEW_SCRIPT_URL = 'https://s3.tradingview.com/tv.js';

declare global {
  interface Window {
    TradingView?: TradingViewApi;
  }
}

let pending: Promise<TradingViewApi> | null = null;

/**
 * Adds the tv.js script once and resolves with `window.TradingView`. A failed load removes the
 * script and forgets the attempt, so "Reload Widget" really tries again.
 */
export function loadTradingViewScript(): Promise<TradingViewApi> {
  if (window.TradingView) return Promise.resolve(window.TradingView);
  pending ??= new Promise<TradingViewApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TRADINGVIEW_SCRIPT_URL;
    script.async = true;
    const fail = (reason: string) => {
      script.remove();
      pending = null;
      reject(new Error(reason));
    };
    script.addEventListener('load', () => {
      pending = null;
      if (window.TradingView) resolve(window.TradingView);
      else fail('TradingView script loaded without its API');
    });
    script.addEventListener('error', () => fail('TradingView script failed to load'));
    document.head.append(script);
  });
  return pending;
}
