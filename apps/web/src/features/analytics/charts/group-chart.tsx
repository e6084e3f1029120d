import type { AnalyticsResponse } from '@tb/core';
import { useCallback } from 'react';
import type uPlot from 'uplot';
import { showR, showUsd, showWinRate, toneOf } from '../format';
import { barsConfig } from './chart-configs';
import { ChartCard } from './chart-card';
import type { ChartTokens } from './tokens';
import { UPlotChart } from './uplot-chart';

type GroupRow = AnalyticsResponse['byPair'][number];

export interface GroupChartProps {
  title: string;
  /** The column header of the groups: 'Weekday', 'Hour', 'Pair', 'Side'. */
  groupLabel: string;
  /** How a group is named in the summary: 'day', 'hour', 'pair'. */
  noun: string;
  rows: readonly GroupRow[];
  /** The shown name of a key ('09' -> '09:00', 'long' -> 'Long'). */
  labelOf?: (key: string) => string;
}

const same = (key: string) => key;

/** Best and worst group by expectancy, in one line. */
export function groupSummary(rows: readonly GroupRow[], noun: string, labelOf = same): string {
  const ranked = rows
    .filter((row) => row.expectancyR !== null)
    .sort((a, b) => (b.expectancyR ?? 0) - (a.expectancyR ?? 0));
  const best = ranked[0];
  const worst = ranked[ranked.length - 1];
  if (!best || !worst) return 'No closed trades to compare.';
  const say = (row: GroupRow) =>
    `${labelOf(row.key)} (${showR(row.expectancyR)} per trade over ${row.trades})`;
  if (best === worst) return `Only one ${noun} with trades: ${say(best)}.`;
  return `Best ${noun}: ${say(best)}; worst: ${say(worst)}.`;
}

/** Expectancy per group as bars (green above 0R, red below), with its table. */
export function GroupChart({ title, groupLabel, noun, rows, labelOf = same }: GroupChartProps) {
  const config = useCallback(
    (tokens: ChartTokens, lib: typeof uPlot) =>
      barsConfig(
        {
          labels: rows.map((row) => labelOf(row.key)),
          values: rows.map((row) => row.expectancyR ?? 0),
          colors: rows.map((row) => {
            const tone = toneOf(row.expectancyR);
            return tone === 'gain' ? tokens.gain : tone === 'loss' ? tokens.loss : tokens.neutral;
          }),
          format: showR,
          seriesLabel: 'Expectancy',
          categoryLabel: groupLabel,
        },
        tokens,
        lib,
      ),
    [rows, labelOf, groupLabel],
  );
  return (
    <ChartCard
      title={title}
      summary={groupSummary(rows, noun, labelOf)}
      chart={rows.length > 0 ? <UPlotChart config={config} /> : null}
      table={
        <table className="data-table data-table--nowrap">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{groupLabel}</th>
              <th scope="col" className="num">
                Trades
              </th>
              <th scope="col" className="num">
                Win rate
              </th>
              <th scope="col" className="num">
                Expectancy
              </th>
              <th scope="col" className="num">
                P/L
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{labelOf(row.key)}</th>
                <td className="num">{row.trades}</td>
                <td className="num">{showWinRate(row.winRate)}</td>
                <td className={`num an-tone--${toneOf(row.expectancyR) ?? 'none'}`}>
                  {showR(row.expectancyR)}
                </td>
                <td className={`num an-tone--${toneOf(row.pnlUsd) ?? 'none'}`}>
                  {showUsd(row.pnlUsd)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
