import {
  enoughSample,
  isSmallSample,
  MIN_SAMPLE,
  SMALL_SAMPLE,
  scriptCellById,
  type CellEdgeRow,
  type Interval,
} from '@tb/core';
import { showR, showRateRange, showRRange, showWinRate, toneOf, tradeCount } from '../format';
import { SampleNote, ScriptMark } from './win-rate-cell';
import { ValueBar } from './value-bar';

const SMALL_SAMPLE_TEXT = `${SMALL_SAMPLE} trades`;

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

/** The cell's name; a script cell's with its mark and, on hover or focus, its rule. */
function CellName({ row }: { row: CellEdgeRow }) {
  const script = row.script === null ? undefined : scriptCellById(row.script);
  return (
    <th scope="row">
      {row.title}
      {script ? <ScriptMark rule={script.rule} /> : null}
    </th>
  );
}

/** The cell's win rate with its sample: won and lost of the trades taken with it ticked. */
function WinRate({ row }: { row: CellEdgeRow }) {
  const small = isSmallSample(row.tradesWith);
  return (
    <td data-label="Win rate" className={small ? 'an-winrate an-winrate--small' : 'an-winrate'}>
      <div>
        <span className="an-figure">{showWinRate(row.winRateWith)}</span>
        <span className="an-figure__sub">
          {row.winsWith} won · {row.lossesWith} lost of {tradeCount(row.tradesWith)}
        </span>
        {small ? <SampleNote /> : null}
      </div>
    </td>
  );
}

function EdgeRow({ row, largest }: { row: CellEdgeRow; largest: number }) {
  if (isThin(row)) {
    return (
      <tr className="an-edge--thin">
        <CellName row={row} />
        <WinRate row={row} />
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
      <CellName row={row} />
      <WinRate row={row} />
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
        Win rate of the trades taken with each cell ticked (won and lost of how many; greyed under
        {` ${SMALL_SAMPLE_TEXT}`}), and their expectancy against those without it: the edge is what
        ticking it has been worth per trade. Cells the script ticked are marked Script.
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
                <th scope="col">Win rate</th>
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
                    <th scope="rowgroup" colSpan={5}>
                      {group.name}
                    </th>
                  </tr>
                ) : null}
                {group.rows.map((row) => (
                  <EdgeRow
                    key={`${group.key}:${row.script ?? row.index}`}
                    row={row}
                    largest={largest}
                  />
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </section>
  );
}
