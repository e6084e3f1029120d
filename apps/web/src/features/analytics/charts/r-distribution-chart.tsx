import type { AnalyticsResponse } from '@tb/core';
import { formatSignedR } from '@/lib/format';
import { useCallback } from 'react';
import type uPlot from 'uplot';
import { barsConfig } from './chart-configs';
import { ChartCard } from './chart-card';
import type { ChartTokens } from './tokens';
import { UPlotChart } from './uplot-chart';

type Bucket = AnalyticsResponse['rDistribution'][number];

/** An R value as shown on the axis, without padding zeros: -1 -> '-1R', 2.5 -> '+2.5R'. */
const edge = (r: number): string => formatSignedR(r).replace(/\.?0+R$/, 'R');

/** The whole R a bucket is centred on; null for the open ends. */
const centreOf = ({ from, to }: Pick<Bucket, 'from' | 'to'>): number | null =>
  from === null || to === null ? null : (from + to) / 2;

/** The bar's name on the axis: '<-2.5R', '-1R', '0R', '+2R', '≥+3.5R'. */
export function axisLabel(bucket: Pick<Bucket, 'from' | 'to'>): string {
  const centre = centreOf(bucket);
  if (centre !== null) return edge(centre);
  return bucket.from === null ? `<${edge(bucket.to ?? 0)}` : `≥${edge(bucket.from)}`;
}

/** 'below -2.5R', '-1R (-1.5R to -0.5R)', '+3.5R or more'. */
export function bucketLabel(bucket: Pick<Bucket, 'from' | 'to'>): string {
  const { from, to } = bucket;
  if (from === null) return to === null ? 'any R' : `below ${edge(to)}`;
  if (to === null) return `${edge(from)} or more`;
  return `${axisLabel(bucket)} (${edge(from)} to ${edge(to)})`;
}

/** "Most trades (19 of 38) closed at about -1R; 15 at about +1R or more." */
export function distributionSummary(buckets: readonly Bucket[]): string {
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  if (total === 0) return 'No closed trades yet.';
  const top = buckets.reduce((best, b) => (b.count > best.count ? b : best));
  const bigWins = buckets
    .filter((b) => b.from !== null && b.from >= 0.5)
    .reduce((sum, b) => sum + b.count, 0);
  const centre = centreOf(top);
  const where =
    centre !== null
      ? `at about ${edge(centre)}`
      : top.from === null
        ? `below ${edge(top.to ?? 0)}`
        : `at ${edge(top.from)} or more`;
  return `Most trades (${top.count} of ${total}) closed ${where}; ${bigWins} at about +1R or more.`;
}

/** Red for the buckets of losses, grey for about 0R, green for gains. */
function toneOfBucket(bucket: Bucket): 'gain' | 'loss' | 'neutral' {
  const centre = centreOf(bucket) ?? (bucket.from === null ? -1 : 1);
  return centre < 0 ? 'loss' : centre > 0 ? 'gain' : 'neutral';
}

/** How many closed trades fell in each 1R bucket: losses red, the rest green. */
export function RDistributionChart({ buckets }: { buckets: readonly Bucket[] }) {
  const config = useCallback(
    (tokens: ChartTokens, lib: typeof uPlot) =>
      barsConfig(
        {
          labels: buckets.map(axisLabel),
          values: buckets.map((b) => b.count),
          colors: buckets.map((b) => tokens[toneOfBucket(b)]),
          format: (v) => (Number.isInteger(v) ? String(v) : ''),
          whole: true,
          seriesLabel: 'Trades',
          categoryLabel: 'About',
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
