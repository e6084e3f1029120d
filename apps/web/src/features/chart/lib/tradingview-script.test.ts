import { afterEach, describe, expect, it } from 'vitest';
import { loadTradingViewScript, TRADINGVIEW_SCRIPT_URL } from './tradingview-script';
import type { TradingViewApi } from './tradingview-types';

function scripts() {
  return [...document.head.querySelectorAll<HTMLScriptElement>('script')].filter(
    (s) => s.src === TRADINGVIEW_SCRIPT_URL,
  );
}

afterEach(() => {
  for (const s of scripts()) s.remove();
  delete window.TradingView;
});

describe('loadTradingViewScript', () => {
  it('adds tv.js once and resolves with window.TradingView when it loads', async () => {
    const first = loadTradingViewScript();
    const second = loadTradingViewScript();
    expect(scripts()).toHaveLength(1);
    const api = { widget: class {} } as unknown as TradingViewApi;
    window.TradingView = api;
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(api);
    await expect(second).resolves.toBe(api);
  });

  it('rejects on a script error, removes the script and tries again next time', async () => {
    const attempt = loadTradingViewScript();
    scripts()[0]?.dispatchEvent(new Event('error'));
    await expect(attempt).rejects.toThrow('TradingView script failed to load');
    expect(scripts()).toHaveLength(0);
    void loadTradingViewScript().catch(() => {});
    expect(scripts()).toHaveLength(1);
    scripts()[0]?.dispatchEvent(new Event('error'));
  });
});
