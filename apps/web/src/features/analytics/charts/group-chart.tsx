import { compareGroups, MIN_SAMPLE, type AnalyticsResponse } from '@tb/core';
import { useCallback } from 'react';
import type uPlot from 'uplot';
import { showR, showRRange, showUsd, showWinRate, toneOf } from '../format';
import { INTERVAL_HEADER, IntervalFigure, overlaps } from '../sections/interval';
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

/**
 * Best and worst group by expectancy, in one line, naming them only when each has the trades
 * a comparison needs (core's compareGroups); with their 95 % ranges, and a word when the
 * ranges overlap.
 */
export function groupSummary(rows: readonly GroupRow[], noun: string, labelOf = same): string {
  const comparison = compareGroups(rows);
  const say = (row: GroupRow) =>
    `${labelOf(row.key)} (${showR(row.expectancyR)} per trade over ${row.trades})`;
  switch (comparison.kind) {
    case 'none':
      return 'No closed trades to compare.';
    case 'single':
      return `Only one ${noun} with trades: ${say(comparison.only)}.`;
    case 'notEnough':
      return `Not enough trades yet to compare ${noun}s (${MIN_SAMPLE} needed on each side).`;
    case 'ranked': {
      const { best, worst, leftOut } = comparison;
      const range = (row: GroupRow) => `95% range ${showRRange(row.expectancyRCi)}`;
      const parts = [
        `Best ${noun}: ${say(best)}, ${range(best)}; worst: ${say(worst)}, ${range(worst)}.`,
      ];
      if (overlaps(best.expectancyRCi, worst.expectancyRCi)) {
        parts.push('The ranges overlap: the difference may be chance.');
      }
      if (leftOut > 0) {
        parts.push(
          `${leftOut} ${leftOut === 1 ? noun : `${noun}s`} with fewer than ${MIN_SAMPLE} trades not ranked.`,
        );
      }
      return parts.join(' ');
    }
  }
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
              <th scope="col">{INTERVAL_HEADER}</th>
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
                <td>
                  <IntervalFigure
                    trades={row.trades}
                    expectancyRCi={row.expectancyRCi}
                    winRateCi={row.winRateCi}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
