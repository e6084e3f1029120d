import type { AnalyticsResponse } from '@tb/core';
import { groupSummary } from '../charts/group-chart';
import { showR, showWinRate, tierLabel, toneOf } from '../format';
import { INTERVAL_HEADER, IntervalFigure } from './interval';
import { ValueBar } from './value-bar';

type TierRow = AnalyticsResponse['byTier'][number];

/** Outcome by the score tier a trade was taken at: does a fuller board pay? */
export function TierTable({ rows }: { rows: readonly TierRow[] }) {
  const largest = rows.reduce((max, row) => Math.max(max, Math.abs(row.expectancyR ?? 0)), 0);
  return (
    <section className="an-card an-card--wide" aria-labelledby="an-tier-title">
      <h3 id="an-tier-title" className="an-card__title">
        Outcome by score tier
      </h3>
      <p className="an-muted">The R/R your board score allowed when you opened the trade.</p>
      {rows.length === 0 ? (
        <p className="an-muted">No closed trades yet.</p>
      ) : (
        <div className="an-tier">
          <div className="table-scroll">
            <table className="data-table data-table--stack">
              <caption className="visually-hidden">Outcome by score tier</caption>
              <thead>
                <tr>
                  <th scope="col">Tier</th>
                  <th scope="col" className="num">
                    Trades
                  </th>
                  <th scope="col" className="num">
                    Win rate
                  </th>
                  <th scope="col" className="num">
                    Expectancy
                  </th>
                  <th scope="col">{INTERVAL_HEADER}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.tier}>
                    <th scope="row">{tierLabel(row.tier)}</th>
                    <td className="num" data-label="Trades">
                      {row.trades}
                    </td>
                    <td className="num" data-label="Win rate">
                      {showWinRate(row.winRate)}
                    </td>
                    <td
                      className={`num an-tone--${toneOf(row.expectancyR) ?? 'none'}`}
                      data-label="Expectancy"
                    >
                      {/* One block: a stacked row (phones) keeps the bar with its figure. */}
                      <div>
                        <ValueBar value={row.expectancyR} largest={largest} />
                        {showR(row.expectancyR)}
                      </div>
                    </td>
                    <td data-label={INTERVAL_HEADER}>
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
          </div>
          <p className="an-tier__verdict">
            {groupSummary(
              rows.map((row) => ({ ...row, key: tierLabel(row.tier) })),
              'tier',
            )}
          </p>
        </div>
      )}
    </section>
  );
}
