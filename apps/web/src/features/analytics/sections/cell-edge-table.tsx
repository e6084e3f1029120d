import { enoughSample, MIN_SAMPLE, type CellEdgeRow, type Interval } from '@tb/core';
import { showR, showRateRange, showRRange, showWinRate, toneOf, tradeCount } from '../format';
import { ValueBar } from './value-bar';

/** Too few trades on either side: the edge would be noise. */
export const isThin = (row: CellEdgeRow): boolean =>
  !enoughSample(row.tradesWith, row.tradesWithout);

interface BoardGroup {
  key: string;
  name: string;
  rows: CellEdgeRow[];
}

/**
 * The rows by board, boards in the server's order; within a board the server's order (best
 * edge first), the rows with too few trades after the others.
 */
export function groupByBoard(rows: readonly CellEdgeRow[]): BoardGroup[] {
  const groups = new Map<string, BoardGroup>();
  for (const row of rows) {
    const key = row.boardId ?? '';
    const group = groups.get(key) ?? { key, name: row.boardName ?? 'Unnamed board', rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => ({
    ...group,
    rows: [...group.rows.filter((r) => !isThin(r)), ...group.rows.filter(isThin)],
  }));
}

function Side({
  expectancyR,
  winRate,
  trades,
  expectancyRCi,
  winRateCi,
}: {
  expectancyR: number | null;
  winRate: number | null;
  trades: number;
  expectancyRCi: Interval | null;
  winRateCi: Interval | null;
}) {
  return (
    <div>
      <span className={`an-figure an-tone--${toneOf(expectancyR) ?? 'none'}`}>
        {showR(expectancyR)}
      </span>
      <span className="an-figure__sub">
        {showWinRate(winRate)} win · {tradeCount(trades)}
      </span>
      <span className="an-figure__sub">
        95%: {showRRange(expectancyRCi)}, win {showRateRange(winRateCi)}
      </span>
    </div>
  );
}

function EdgeRow({ row, largest }: { row: CellEdgeRow; largest: number }) {
  if (isThin(row)) {
    return (
      <tr className="an-edge--thin">
        <th scope="row">{row.title}</th>
        <td colSpan={3}>
          <div>
            <span className="an-figure">Not enough trades yet</span>
            <span className="an-figure__sub">
              {row.tradesWith} with, {row.tradesWithout} without ({MIN_SAMPLE} needed on each side)
            </span>
          </div>
        </td>
      </tr>
    );
  }
  return (
    <tr>
      <th scope="row">{row.title}</th>
      <td data-label="With">
        <Side
          expectancyR={row.expectancyRWith}
          winRate={row.winRateWith}
          trades={row.tradesWith}
          expectancyRCi={row.expectancyRWithCi}
          winRateCi={row.winRateWithCi}
        />
      </td>
      <td data-label="Without">
        <Side
          expectancyR={row.expectancyRWithout}
          winRate={row.winRateWithout}
          trades={row.tradesWithout}
          expectancyRCi={row.expectancyRWithoutCi}
          winRateCi={row.winRateWithoutCi}
        />
      </td>
      <td data-label="Edge" className={`num an-tone--${toneOf(row.edgeR) ?? 'none'}`}>
        <div>
          <span className="an-figure">{showR(row.edgeR)}</span>
          <ValueBar value={row.edgeR} largest={largest} />
        </div>
      </td>
    </tr>
  );
}

/**
 * Per-cell edge: for each cell of a board, the expectancy of trades taken with it ticked
 * against without it, and the difference (DESIGN.md section 8).
 */
export function CellEdgeTable({ rows }: { rows: readonly CellEdgeRow[] }) {
  const groups = groupByBoard(rows);
  const largest = rows
    .filter((row) => !isThin(row))
    .reduce((max, row) => Math.max(max, Math.abs(row.edgeR ?? 0)), 0);
  return (
    <section className="an-card an-card--wide" aria-labelledby="an-edge-title">
      <h3 id="an-edge-title" className="an-card__title">
        Per-cell edge
      </h3>
      <p className="an-muted">
        Expectancy of the trades taken with each cell ticked against those without it: the edge is
        what ticking it has been worth per trade.
      </p>
      {rows.length === 0 ? (
        <p className="an-muted">No closed trade with ticked cells yet.</p>
      ) : (
        <div className="table-scroll" role="region" aria-label="Per-cell edge table" tabIndex={0}>
          <table className="data-table data-table--stack an-edge">
            <caption className="visually-hidden">Per-cell edge</caption>
            <thead>
              <tr>
                <th scope="col">Cell</th>
                <th scope="col">With</th>
                <th scope="col">Without</th>
                <th scope="col" className="num">
                  Edge
                </th>
              </tr>
            </thead>
            {groups.map((group) => (
              <tbody key={group.key}>
                {groups.length > 1 ? (
                  <tr className="an-edge__board">
                    <th scope="rowgroup" colSpan={4}>
                      {group.name}
                    </th>
                  </tr>
                ) : null}
                {group.rows.map((row) => (
                  <EdgeRow key={`${group.key}:${row.index}`} row={row} largest={largest} />
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </section>
  );
}
