import { riskTierFromScore, STARTER_CELLS, type AnalyticsTrade } from '@tb/core';

/**
 * The sample journal a free trader sees, blurred, behind the premium lock: 40 hand-made trades
 * on the starter board over eight weeks of autumn 2026 (38 closed, 2 open). Fixed on purpose,
 * so the sample page never changes and its figures can be checked by hand. The story it tells:
 * the fuller boards win more, waiting for the candle close pays, hand-set targets and trades
 * on a losing streak do worse.
 */

export const SAMPLE_BOARD = { id: 'sample-board', name: 'Starter board' } as const;

/** The ticked cells of each kind of setup (indexes into the starter board). */
const SETUPS = {
  // 5 playbook, 10 stop beyond structure, 11 risk ≤ 1%: 9 points, tier 2
  A: [5, 10, 11],
  // + 0 trend on the daily, 7 waited for the candle close: 13 points, tier 3
  B: [0, 5, 7, 10, 11],
  // + 8 volume, 17 did not chase: 16 points, tier 4
  C: [0, 5, 7, 8, 10, 11, 17],
  // + 12 target at least 2R, 20 no revenge trade: 21 points, tier 5
  D: [0, 5, 7, 8, 10, 11, 12, 17, 20],
  // 8 volume, 3 funding: 2 points, tier 1
  E: [8, 3],
  // 0 trend, 8 volume, 20 no revenge: 6 points, tier 2
  F: [0, 8, 20],
  // 5, 10, 20, 3, 13 size from the stop: 12 points, tier 3
  G: [5, 10, 20, 3, 13],
} as const;

type Outcome = 'win' | 'loss' | 'even' | 'open';

/**
 * [opened (UTC, 2026), hours held, pair, side, outcome, setup, R/R set by hand or null,
 * streak when opened]. A win closes at the planned R/R (the tier's, or the hand-set one), a
 * loss at -1R.
 */
type Row = [string, number, string, 'L' | 'S', Outcome, keyof typeof SETUPS, number | null, number];

const ROWS: readonly Row[] = [
  ['09-29T08:30', 6, 'BTCUSDT', 'L', 'win', 'B', null, 0],
  ['09-30T13:10', 3, 'ETHUSDT', 'S', 'loss', 'A', null, 1],
  ['10-01T09:45', 8, 'SOLUSDT', 'L', 'win', 'C', null, 0],
  ['10-02T15:20', 2, 'BTCUSDT', 'S', 'loss', 'E', null, 1],
  ['10-05T10:05', 5, 'ETHUSDT', 'L', 'loss', 'F', 1.5, -1],
  ['10-06T14:40', 4, 'BTCUSDT', 'L', 'loss', 'B', null, -2],
  ['10-07T09:00', 7, 'SOLUSDT', 'S', 'win', 'D', null, 0],
  ['10-08T16:30', 2, 'BTCUSDT', 'L', 'loss', 'A', 1.2, 1],
  ['10-09T11:15', 6, 'ETHUSDT', 'L', 'win', 'C', null, 0],
  ['10-12T08:50', 3, 'BTCUSDT', 'S', 'win', 'G', 1.5, 1],
  ['10-13T13:35', 5, 'SOLUSDT', 'L', 'loss', 'E', null, 2],
  ['10-14T10:20', 9, 'BTCUSDT', 'L', 'win', 'B', null, 0],
  ['10-15T15:55', 4, 'ETHUSDT', 'S', 'loss', 'F', null, 0],
  ['10-16T09:30', 6, 'BTCUSDT', 'L', 'win', 'D', 3, -1],
  ['10-19T12:10', 3, 'DOGEUSDT', 'L', 'loss', 'E', null, -1],
  ['10-20T14:25', 5, 'SOLUSDT', 'S', 'loss', 'C', null, -2],
  ['10-21T09:05', 7, 'BTCUSDT', 'L', 'win', 'B', null, 0],
  ['10-22T16:45', 2, 'ETHUSDT', 'L', 'even', 'A', null, 1],
  ['10-23T10:40', 6, 'BTCUSDT', 'S', 'loss', 'C', null, 0],
  ['10-26T08:15', 4, 'SOLUSDT', 'L', 'loss', 'G', null, -1],
  ['10-27T13:50', 5, 'ETHUSDT', 'L', 'win', 'D', 2.5, -2],
  ['10-28T11:30', 3, 'BTCUSDT', 'S', 'loss', 'A', null, 1],
  ['10-29T15:10', 6, 'BTCUSDT', 'L', 'win', 'B', null, 0],
  ['10-30T09:25', 8, 'SOLUSDT', 'L', 'loss', 'F', 1.5, 1],
  ['11-02T10:10', 5, 'ETHUSDT', 'S', 'win', 'C', null, 1],
  ['11-03T14:00', 3, 'BTCUSDT', 'L', 'loss', 'E', null, 1],
  ['11-04T09:40', 6, 'BTCUSDT', 'L', 'win', 'B', null, 0],
  ['11-05T12:55', 4, 'SOLUSDT', 'S', 'loss', 'A', 1.5, 1],
  ['11-06T16:20', 2, 'ETHUSDT', 'L', 'loss', 'F', null, -1],
  ['11-09T08:45', 7, 'BTCUSDT', 'L', 'win', 'D', null, 1],
  ['11-10T13:15', 5, 'SOLUSDT', 'L', 'win', 'B', 2, 1],
  ['11-11T10:30', 3, 'ETHUSDT', 'S', 'loss', 'E', null, 2],
  ['11-12T15:45', 6, 'BTCUSDT', 'L', 'loss', 'C', null, -1],
  ['11-13T09:10', 4, 'DOGEUSDT', 'S', 'loss', 'G', null, -2],
  ['11-16T11:50', 5, 'BTCUSDT', 'L', 'loss', 'B', null, -3],
  ['11-17T14:35', 3, 'ETHUSDT', 'L', 'loss', 'A', null, -4],
  ['11-18T10:00', 6, 'SOLUSDT', 'S', 'win', 'C', null, 0],
  ['11-19T13:25', 4, 'BTCUSDT', 'L', 'loss', 'F', 1.2, 1],
  ['11-20T09:35', 0, 'ETHUSDT', 'L', 'open', 'D', null, 0],
  ['11-20T15:05', 0, 'BTCUSDT', 'S', 'open', 'B', null, 0],
];

/** What the stop of each sample trade risks: $20, $25 or $30 in turn. */
const riskUsdOf = (index: number): number => 20 + (index % 3) * 5;

/**
 * Made-up MFE / MAE (in R) of a closed sample trade: winners mostly dip a little first, a third
 * of them run 1R past the target; losers often showed some profit before the stop.
 */
function excursionsOf(outcome: Outcome, r: number, index: number) {
  if (outcome === 'win') {
    return {
      mfeR: r + (index % 3 === 0 ? 1.2 : 0.3),
      maeR: -[0.1, 0.2, 0.35, 0.5, 0.8][index % 5]!,
    };
  }
  if (outcome === 'loss') return { mfeR: [0.2, 0.6, 1.1, 2.4][index % 4]!, maeR: -1 };
  return { mfeR: 1, maeR: -0.3 };
}

function toTrade(row: Row, index: number): AnalyticsTrade {
  const [opened, hours, pair, side, outcome, setup, manualRr, streakAtOpen] = row;
  const cells = SETUPS[setup].map((cellIndex) => {
    const { title, points } = STARTER_CELLS[cellIndex] ?? { title: '', points: 0 };
    return { index: cellIndex, title, points };
  });
  const score = cells.reduce((sum, cell) => sum + cell.points, 0);
  const tier = riskTierFromScore(score);
  const riskRewardRatio = manualRr ?? tier;
  const openedAtMs = Date.parse(`2026-${opened}:00.000Z`);
  const r = { win: riskRewardRatio, loss: -1, even: 0, open: null }[outcome];
  return {
    id: `sample-${String(index + 1).padStart(2, '0')}`,
    pair,
    isLong: side === 'L',
    // A breakeven is a stop moved to the entry.
    status: outcome === 'open' ? 'OPEN' : outcome === 'win' ? 'TARGET_HIT' : 'STOPLOSS_HIT',
    openedAt: new Date(openedAtMs).toISOString(),
    closedAt: r === null ? null : new Date(openedAtMs + hours * 3_600_000).toISOString(),
    rMultiple: r,
    pnlUsd: r === null ? null : r * riskUsdOf(index),
    riskRewardRatio,
    tier,
    score,
    cells,
    targetManual: manualRr !== null,
    streakAtOpen,
    boardId: SAMPLE_BOARD.id,
    boardName: SAMPLE_BOARD.name,
    source: index % 4 === 0 ? 'exchange' : 'journal',
    ...(r !== null && excursionsOf(outcome, r, index)),
  };
}

export const SAMPLE_TRADES: readonly AnalyticsTrade[] = ROWS.map(toTrade);
