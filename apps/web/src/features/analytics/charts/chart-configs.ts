import type uPlot from 'uplot';
import type { ChartConfig } from './uplot-chart';
import type { ChartTokens } from './tokens';

type Range = [number, number];

/** A value range that always shows the zero line, with a little room above and below. */
function withZero(min: number | null, max: number | null): Range {
  const low = Math.min(0, min ?? 0);
  const high = Math.max(0, max ?? 0);
  if (low === high) return [-1, 1];
  const pad = (high - low) * 0.08;
  return [low < 0 ? low - pad : 0, high > 0 ? high + pad : 0];
}

function axis(tokens: ChartTokens, extra: Partial<uPlot.Axis> = {}): uPlot.Axis {
  return {
    stroke: tokens.muted,
    font: `12px ${tokens.font}`,
    grid: { stroke: tokens.grid, width: 1 },
    ticks: { stroke: tokens.grid, width: 1, size: 4 },
    ...extra,
  };
}

/** The steps a value axis may take, before their power of ten. */
const NICE_STEPS = [1, 2, 2.5, 5, 10] as const;
const WHOLE_NICE_STEPS = [1, 2, 5, 10] as const;

/**
 * A value axis that holds every bar: zero included, both ends on a labelled tick at a round
 * step (about four steps), so the tallest bar never rises past the last labelled value.
 * `whole` keeps the steps whole (counts of trades).
 */
export function niceAxis(
  values: readonly number[],
  whole = false,
): { range: Range; ticks: number[] } {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || 1;
  const magnitude = 10 ** Math.floor(Math.log10(span / 4));
  const steps = whole ? WHOLE_NICE_STEPS : NICE_STEPS;
  let step = (steps.find((s) => s * magnitude >= span / 4) ?? 10) * magnitude;
  if (whole) step = Math.max(1, Math.round(step));
  const from = Math.floor(low / step) * step;
  const to = high === low ? from + step : Math.ceil(high / step) * step;
  const ticks: number[] = [];
  // Rounded to the step's decimals, so 0.1 + 0.2 prints as 0.3.
  for (let i = 0; from + i * step <= to + step / 1e6; i++) {
    ticks.push(Number((from + i * step).toFixed(6)));
  }
  return { range: [from, to], ticks };
}

/** Integer steps only, for axes that count trades. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000];

export interface EquityInput {
  /** The total after each closed trade, in close order (the curve starts at 0 before them). */
  values: readonly number[];
  /** Label of each trade (its close date), for the legend under the cursor. */
  dates: readonly string[];
  format: (value: number) => string;
  unitLabel: string;
}

/** The equity curve: x is the trade number (0 = before the first trade), y the running total. */
export function equityConfig(input: EquityInput, tokens: ChartTokens): ChartConfig {
  const xs = input.values.map((_, i) => i + 1);
  return {
    data: [
      [0, ...xs],
      [0, ...input.values],
    ],
    options: {
      legend: { show: true, live: true },
      cursor: { drag: { x: true, y: false } },
      scales: { x: { time: false }, y: { range: (_u, min, max) => withZero(min, max) } },
      axes: [
        axis(tokens, {
          incrs: WHOLE_STEPS,
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')),
          grid: { show: false },
        }),
        axis(tokens, { values: (_u, splits) => splits.map(input.format), size: 70 }),
      ],
      series: [
        {
          label: 'Trade',
          value: (_u, v) =>
            v === null ? '—' : v === 0 ? 'Start' : `#${v} · ${input.dates[v - 1] ?? ''}`,
        },
        {
          label: input.unitLabel,
          stroke: tokens.accent,
          width: 2,
          fill: tokens.accentSoft,
          points: { show: input.values.length <= 60, size: 5, fill: tokens.accent },
          value: (_u, v) => (v === null ? '—' : input.format(v)),
        },
      ],
    },
  };
}

export interface BarsInput {
  labels: readonly string[];
  values: readonly number[];
  /** The colour of each bar (green gain, red loss...). */
  colors: readonly string[];
  format: (value: number) => string;
  seriesLabel: string;
  categoryLabel: string;
  /** Values are counts: whole steps on the value axis. */
  whole?: boolean;
}

/** A bar per category (weekday, hour, pair, side, R bucket), each in its own colour. */
export function barsConfig(input: BarsInput, tokens: ChartTokens, lib: typeof uPlot): ChartConfig {
  const { labels } = input;
  const value = niceAxis(input.values, input.whole);
  const bars = lib.paths.bars?.({
    size: [0.65, 56],
    radius: 0.15,
    disp: {
      // 3 = a colour per bar (uPlot's BarsPathBuilderFacetUnit.Color, a const enum).
      fill: { unit: 3 as uPlot.Series.BarsPathBuilderFacetUnit, values: () => [...input.colors] },
    },
  });
  return {
    data: [labels.map((_, i) => i), [...input.values]],
    options: {
      legend: { show: true, live: true },
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      scales: {
        // Half a slot either side of the first and last bar, whatever uPlot would pad (it
        // pads a single value to a wide range, and the only bar sat on the axis).
        x: { time: false, range: () => [-0.5, labels.length - 0.5] },
        y: { range: () => value.range },
      },
      axes: [
        axis(tokens, {
          grid: { show: false },
          splits: () => labels.map((_, i) => i),
          // Every other label when they would crowd (24 hours on a phone).
          values: (u, splits) =>
            splits.map((i) =>
              u.bbox.width / devicePixelRatio / labels.length < 26 && i % 2
                ? ''
                : (labels[i] ?? ''),
            ),
        }),
        axis(tokens, {
          splits: () => value.ticks,
          values: (_u, splits) => splits.map(input.format),
          size: 64,
        }),
      ],
      series: [
        { label: input.categoryLabel, value: (_u, i) => (i === null ? '—' : (labels[i] ?? '')) },
        {
          label: input.seriesLabel,
          width: 0,
          fill: tokens.accent,
          paths: bars,
          points: { show: false },
          value: (_u, v) => (v === null ? '—' : input.format(v)),
        },
      ],
    },
  };
}
