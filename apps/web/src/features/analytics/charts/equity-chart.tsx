import { formatDate, type AnalyticsResponse } from '@tb/core';
import { useCallback, useMemo, useState } from 'react';
import { showDrawdownR, showDrawdownUsd, showR, showUsd, tradeCount } from '../format';
import { equityConfig } from './chart-configs';
import { ChartCard } from './chart-card';
import type { ChartTokens } from './tokens';
import { UPlotChart } from './uplot-chart';

type Unit = 'r' | 'usd';

export interface EquityChartProps {
  report: Pick<AnalyticsResponse, 'equity' | 'summary' | 'timeZone'>;
}

/** The date of a close on the trader's calendar, in the product's format: '3 Nov 2026'. */
function dateFormatter(timeZone: string): (iso: string) => string {
  return (iso) => formatDate(iso, { timeZone });
}

/** "Equity ended at +12.50R after 40 trades; deepest drawdown -3.20R." */
export function equitySummary(
  report: Pick<AnalyticsResponse, 'equity' | 'summary'>,
  unit: Unit,
): string {
  const last = report.equity[report.equity.length - 1];
  if (!last) return 'No closed trades yet: the curve starts with the first close.';
  const end = unit === 'r' ? showR(last.cumulativeR) : showUsd(last.cumulativeUsd);
  const fall =
    unit === 'r'
      ? showDrawdownR(report.summary.maxDrawdownR)
      : showDrawdownUsd(report.summary.maxDrawdownUsd);
  return `Equity ended at ${end} after ${tradeCount(report.equity.length)}; deepest drawdown ${fall}.`;
}

/** The running total after each closed trade, in R or in dollars. */
export function EquityChart({ report }: EquityChartProps) {
  const [unit, setUnit] = useState<Unit>('r');
  const dateOf = useMemo(() => dateFormatter(report.timeZone), [report.timeZone]);
  const format = unit === 'r' ? showR : showUsd;
  const config = useCallback(
    (tokens: ChartTokens) =>
      equityConfig(
        {
          values: report.equity.map((p) => (unit === 'r' ? p.cumulativeR : p.cumulativeUsd)),
          dates: report.equity.map((p) => dateOf(p.closedAt)),
          format: unit === 'r' ? showR : showUsd,
          unitLabel: unit === 'r' ? 'Equity (R)' : 'Equity (USD)',
        },
        tokens,
      ),
    [report.equity, unit, dateOf],
  );
  const controls = (
    <div className="an-switch" role="group" aria-label="Equity unit">
      {(['r', 'usd'] as const).map((value) => (
        <button
          key={value}
          type="button"
          className="an-switch__option"
          aria-pressed={unit === value}
          onClick={() => setUnit(value)}
        >
          {value === 'r' ? 'R' : 'USD'}
        </button>
      ))}
    </div>
  );
  return (
    <ChartCard
      wide
      title="Equity curve"
      summary={equitySummary(report, unit)}
      controls={controls}
      chart={report.equity.length > 0 ? <UPlotChart config={config} height={260} /> : null}
      table={() => (
        <table className="data-table data-table--nowrap">
          <caption className="visually-hidden">Equity curve</caption>
          <thead>
            <tr>
              <th scope="col">Trade</th>
              <th scope="col">Closed</th>
              <th scope="col" className="num">
                Equity
              </th>
            </tr>
          </thead>
          <tbody>
            {report.equity.map((point, i) => (
              <tr key={point.tradeId}>
                <th scope="row">{i + 1}</th>
                <td>{dateOf(point.closedAt)}</td>
                <td className="num">
                  {format(unit === 'r' ? point.cumulativeR : point.cumulativeUsd)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}
