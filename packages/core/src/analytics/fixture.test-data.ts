import type { AnalyticsCell, AnalyticsTrade } from './trades.js';

const TREND: AnalyticsCell = { index: 0, title: 'Trend', points: 10 };
const CANDLE: AnalyticsCell = { index: 4, title: 'Candle close', points: 20 };

/** A trade with neutral defaults; each fixture names only what it tests. */
export function trade(fields: Partial<AnalyticsTrade> & { id: string }): AnalyticsTrade {
  return {
    pair: 'BTC',
    isLong: true,
    status: 'TARGET_HIT',
    openedAt: '2026-01-05T09:00:00.000Z',
    closedAt: '2026-01-05T10:00:00.000Z',
    rMultiple: 1,
    pnlUsd: 10,
    riskRewardRatio: 2,
    tier: 1,
    score: 0,
    cells: null,
    targetManual: false,
    streakAtOpen: 0,
    ...fields,
  };
}

/**
 * Six closed trades and one OPEN one, hand-made for the expected numbers of the tests
 * (2026-01-05 is a Monday). Close order: t1 .. t6. Outcomes: W L L W B(reakeven) L.
 *
 * | id | pair | side  | tier | R    | USD | cells | opened (UTC)      |
 * | t1 | BTC  | long  | 3    | +2   | +40 | 0, 4  | Mon 01-05 09:00   |
 * | t2 | ETH  | short | 1    | -1   | -20 | 0     | Tue 01-06 08:30   |
 * | t3 | BTC  | long  | 3    | -1   | -25 | 4     | Wed 01-07 14:00   |
 * | t4 | BTC  | short | 2    | +3   | +60 | 0, 4  | Thu 01-08 09:15   |
 * | t5 | ETH  | long  | 1    | 0    | 0   | null  | Fri 01-09 14:45   |
 * | t6 | ETH  | long  | 2    | -0.5 | -10 | 0     | Sat 01-10 20:00   |
 * Each closes at 23:00 UTC on its opening day (the next day in Paris, UTC+1 in January).
 */
export const FIXTURE: AnalyticsTrade[] = [
  // Listed out of close order on purpose: analytics must order by close time.
  trade({
    id: 't4',
    pair: 'BTC',
    isLong: false,
    tier: 2,
    rMultiple: 3,
    pnlUsd: 60,
    cells: [TREND, CANDLE],
    openedAt: '2026-01-08T09:15:00.000Z',
    closedAt: '2026-01-08T23:00:00.000Z',
  }),
  trade({
    id: 't1',
    pair: 'BTC',
    isLong: true,
    tier: 3,
    rMultiple: 2,
    pnlUsd: 40,
    cells: [TREND, CANDLE],
    openedAt: '2026-01-05T09:00:00.000Z',
    closedAt: '2026-01-05T23:00:00.000Z',
  }),
  trade({
    id: 't2',
    pair: 'ETH',
    isLong: false,
    tier: 1,
    status: 'STOPLOSS_HIT',
    rMultiple: -1,
    pnlUsd: -20,
    cells: [TREND],
    openedAt: '2026-01-06T08:30:00.000Z',
    closedAt: '2026-01-06T23:00:00.000Z',
  }),
  trade({
    id: 't3',
    pair: 'BTC',
    isLong: true,
    tier: 3,
    status: 'STOPLOSS_HIT',
    rMultiple: -1,
    pnlUsd: -25,
    cells: [CANDLE],
    openedAt: '2026-01-07T14:00:00.000Z',
    closedAt: '2026-01-07T23:00:00.000Z',
  }),
  trade({
    id: 't5',
    pair: 'ETH',
    isLong: true,
    tier: 1,
    rMultiple: 0,
    pnlUsd: 0,
    cells: null,
    openedAt: '2026-01-09T14:45:00.000Z',
    closedAt: '2026-01-09T23:00:00.000Z',
  }),
  trade({
    id: 't6',
    pair: 'ETH',
    isLong: true,
    tier: 2,
    status: 'STOPLOSS_HIT',
    rMultiple: -0.5,
    pnlUsd: -10,
    cells: [TREND],
    openedAt: '2026-01-10T20:00:00.000Z',
    closedAt: '2026-01-10T23:00:00.000Z',
  }),
  trade({
    id: 'open',
    status: 'OPEN',
    rMultiple: null,
    pnlUsd: null,
    closedAt: null,
    cells: [TREND],
  }),
];
