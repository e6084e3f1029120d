import type { AnalyticsResponse } from '@tb/core';
import { formatSignedR } from '@/lib/format';
import { useCallback } from 'react';
import type uPlot from 'uplot';
import { barsConfig } from './chart-configs';
import { ChartCard } from './chart-card';
import type { ChartTokens } from './tokens';
import { UPlotChart } from './uplot-chart';

type Bucket = AnalyticsResponse['rDistribution'][number];

/** A whole R edge as shown on the axis: -1 -> '-1R', 0 -> '0R', 2 -> '+2R'. */
const edge = (r: number): string => formatSignedR(r).replace('.00', '');

/** 'below -2R', '-1R to 0R', '+3R or more'. */
export function bucketLabel({ from, to }: Pick<Bucket, 'from' | 'to'>): string {
  if (from === null) return to === null ? 'any R' : `below ${edge(to)}`;
  if (to === null) return `${edge(from)} or more`;
  return `${edge(from)} to ${edge(to)}`;
}

/** "Most trades (19 of 38) closed between -1R and 0R; 15 at +1R or more." */
export function distributionSummary(buckets: readonly Bucket[]): string {
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  if (total === 0) return 'No closed trades yet.';
  const top = buckets.reduce((best, b) => (b.count > best.count ? b : best));
  const bigWins = buckets
    .filter((b) => b.from !== null && b.from >= 1)
    .reduce((sum, b) => sum + b.count, 0);
  const where =
    top.from === null
      ? `below ${edge(top.to ?? 0)}`
      : top.to === null
        ? `at ${edge(top.from)} or more`
        : `between ${edge(top.from)} and ${edge(top.to)}`;
  return `Most trades (${top.count} of ${total}) closed ${where}; ${bigWins} at +1R or more.`;
}

/** How many closed trades fell in each 1R bucket: losses red, the rest green. */
export function RDistributionChart({ buckets }: { buckets: readonly Bucket[] }) {
  const config = useCallback(
    (tokens: ChartTokens, lib: typeof uPlot) =>
      barsConfig(
        {
          labels: buckets.map((b) => (b.from === null ? `<${edge(b.to ?? 0)}` : edge(b.from))),
          values: buckets.map((b) => b.count),
          colors: buckets.map((b) => (b.from !== null && b.from >= 0 ? tokens.gain : tokens.loss)),
          format: (v) => (Number.isInteger(v) ? String(v) : ''),
          seriesLabel: 'Trades',
          categoryLabel: 'R from',
        },
        tokens,
        lib,
      ),
    [buckets],
  );
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  return (
    <ChartCard
      title="R-multiple distribution"
      summary={distributionSummary(buckets)}
      chart={total > 0 ? <UPlotChart config={config} /> : null}
      table={
        <table className="data-table data-table--nowrap">
          <caption className="visually-hidden">R-multiple distribution</caption>
          <thead>
            <tr>
              <th scope="col">R-multiple</th>
              <th scope="col" className="num">
                Trades
              </th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((bucket) => (
              <tr key={bucketLabel(bucket)}>
                <th scope="row">{bucketLabel(bucket)}</th>
                <td className="num">{bucket.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
