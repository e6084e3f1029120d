import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { readChartTokens, type ChartTokens } from './tokens';

/** What a chart draws: uPlot's options (without a size: the chart takes its box's width). */
export interface ChartConfig {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
}

export interface UPlotChartProps {
  /** Builds the chart from the design tokens; keep it stable (useCallback) between renders. */
  config: (tokens: ChartTokens, lib: typeof uPlot) => ChartConfig;
  height?: number;
}

/** uPlot reads the screen (matchMedia) as it loads: loaded when a chart first shows. */
const loadUPlot = () => import('uplot').then((module) => module.default);

/** Whether this browser can paint on a canvas (not under jsdom, not with canvas blocked). */
function canvasWorks(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/**
 * A uPlot canvas as wide as its box, redrawn when the box resizes. The canvas is hidden from
 * assistive technology: every chart also has its summary and its data as a table.
 */
export function UPlotChart({ config, height = 220 }: UPlotChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element || !canvasWorks()) return;
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let gone = false;
    void loadUPlot().then((UPlot) => {
      if (gone) return;
      const { options, data } = config(readChartTokens(), UPlot);
      const width = () => Math.max(200, Math.floor(element.clientWidth));
      const drawn = new UPlot({ ...options, width: width(), height }, data, element);
      observer = new ResizeObserver(() => {
        if (drawn.width !== width()) drawn.setSize({ width: width(), height });
      });
      observer.observe(element);
      chart = drawn;
    });
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [config, height]);

  return (
    <div ref={box} className="an-chart__canvas" style={{ minHeight: height }} aria-hidden="true" />
  );
}
