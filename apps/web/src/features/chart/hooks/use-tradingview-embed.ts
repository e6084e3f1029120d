import { TIMERS_MS } from '@tb/core';
import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { TradingViewLoader } from '../lib/tradingview-types';
import { useDebouncedResize } from './use-debounced-resize';

/** SPEC.md section 4: loading, then ready, or the fallback panel after a failure. */
export type ChartStatus = 'loading' | 'ready' | 'fallback';

interface EmbedOptions {
  tvSymbol: string;
  containerId: string;
  containerRef: RefObject<HTMLDivElement | null>;
  loadScript: TradingViewLoader;
  /** False while the built-in chart replaces the embed: no re-initialising then. */
  active: boolean;
}

const isEmpty = (el: HTMLElement | null) => !el || el.childElementCount === 0;

/**
 * The TradingView embed's state machine. After the start delay it loads the script (failing
 * on a script error or after 5 s), creates the widget in the container, and fails if the
 * container is still empty 3 s later. Visibility and (debounced) resize re-initialise a chart
 * that has gone empty.
 */
export function useTradingViewEmbed(options: EmbedOptions) {
  const { tvSymbol, containerId, containerRef, loadScript, active } = options;
  const [status, setStatus] = useState<ChartStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  const reload = useCallback(() => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    const container = containerRef.current;
    // With the built-in chart chosen, TradingView's script is neither asked for nor waited on.
    if (!container || !active) return;
    container.replaceChildren();
    let settled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    let observer: MutationObserver | undefined;
    const finish = (next: Exclude<ChartStatus, 'loading'>) => {
      if (settled) return;
      settled = true;
      observer?.disconnect();
      timers.forEach(clearTimeout);
      setStatus(next);
    };

    const start = () => {
      timers.push(setTimeout(() => finish('fallback'), TIMERS_MS.chartScript));
      loadScript().then(
        (tv) => {
          if (settled) return;
          timers.forEach(clearTimeout);
          try {
            new tv.widget(widgetOptions(tvSymbol, containerId));
          } catch {
            finish('fallback');
            return;
          }
          if (!isEmpty(container)) return finish('ready');
          observer = new MutationObserver(() => !isEmpty(container) && finish('ready'));
          observer.observe(container, { childList: true });
          timers.push(
            setTimeout(
              () => finish(isEmpty(container) ? 'fallback' : 'ready'),
              TIMERS_MS.chartCheck,
            ),
          );
        },
        () => finish('fallback'),
      );
    };
    timers.push(setTimeout(start, TIMERS_MS.startDelay));

    return () => {
      settled = true;
      observer?.disconnect();
      timers.forEach(clearTimeout);
    };
  }, [active, attempt, containerId, containerRef, loadScript, tvSymbol]);

  // A chart that went empty (tab in the background, layout change) is drawn again.
  const heal = useCallback(() => {
    if (active && status !== 'loading' && isEmpty(containerRef.current)) reload();
  }, [active, status, containerRef, reload]);

  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && heal();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [heal]);

  useDebouncedResize(heal);

  return { status, reload };
}

function widgetOptions(symbol: string, containerId: string) {
  return {
    symbol,
    interval: 'D',
    timezone: 'Etc/UTC',
    theme: 'dark',
    style: '1',
    locale: 'en',
    container_id: containerId,
    autosize: true,
    enable_publishing: false,
    allow_symbol_change: true,
    hide_side_toolbar: false,
    withdateranges: true,
    toolbar_bg: '#121c33',
  } as const;
}
