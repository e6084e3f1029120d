import {
  rMultiple,
  scriptCellWinRates,
  usd,
  wilsonInterval,
  type AnalyticsResponse,
  type CellEdgeRow,
  type ScriptCellWinRatesResponse,
} from '@tb/core';

type Stats = AnalyticsResponse['discipline']['followedTier'];

/** A group's figures; the win rate's interval is Wilson's, the expectancy's is given. */
export const stats = (
  trades: number,
  winRate: number | null,
  r: number | null,
  pnl: number,
  rRange: [number, number] | null = null,
): Stats => ({
  trades,
  winRate,
  expectancyR: r === null ? null : rMultiple(r),
  pnlUsd: usd(pnl),
  winRateCi: winRate === null ? null : wilsonInterval(Math.round(winRate * trades), trades),
  expectancyRCi: rRange === null ? null : { low: rRange[0], high: rRange[1] },
});

/** A per-cell edge row on the trader's one board (tests only). */
export function edgeRow(overrides: Partial<CellEdgeRow>): CellEdgeRow {
  return {
    boardId: 'b1',
    boardName: 'Main board',
    index: 0,
    title: 'Cell',
    script: null,
    tradesWith: 5,
    winsWith: 3,
    lossesWith: 2,
    winRateWith: 0.6,
    expectancyRWith: rMultiple(0.5),
    winRateWithCi: { low: 0.2307, high: 0.8824 },
    expectancyRWithCi: { low: -0.8, high: 1.8 },
    tradesWithout: 5,
    winRateWithout: 0.4,
    expectancyRWithout: rMultiple(0),
    winRateWithoutCi: { low: 0.1176, high: 0.7693 },
    expectancyRWithoutCi: { low: -1.2, high: 1.2 },
    edgeR: rMultiple(0.5),
    ...overrides,
  };
}

/**
 * A hand-written GET /api/analytics answer (tests only): 8 closed trades (5 won, 3 lost) and
 * 2 open, +3.20R / +$64.00 in all, in UTC; two days in November 2026 on the calendar.
 */
export function reportFixture(overrides: Partial<AnalyticsResponse> = {}): AnalyticsResponse {
  return {
    timeZone: 'UTC',
    summary: {
      trades: 8,
      wins: 5,
      losses: 3,
      winRate: 0.625,
      expectancyR: rMultiple(0.4),
      expectancyUsd: usd(8),
      profitFactor: 1.85,
      avgWinR: rMultiple(1.24),
      avgLossR: rMultiple(-1),
      payoffRatio: 1.24,
      totalR: rMultiple(3.2),
      totalUsd: usd(64),
      maxDrawdownR: 3,
      maxDrawdownUsd: usd(60),
      sqn: null,
      longestWinStreak: 3,
      longestLossStreak: 2,
    },
    openTrades: 2,
    offPlan: { trades: 0, pnlUsd: usd(0) },
    equity: [
      {
        closedAt: '2026-11-03T10:00:00.000Z',
        tradeId: 't1',
        cumulativeR: rMultiple(2),
        cumulativeUsd: usd(40),
      },
      {
        closedAt: '2026-11-05T15:00:00.000Z',
        tradeId: 't2',
        cumulativeR: rMultiple(3.2),
        cumulativeUsd: usd(64),
      },
    ],
    rDistribution: [
      { from: null, to: -2.5, count: 0 },
      { from: -2.5, to: -1.5, count: 0 },
      { from: -1.5, to: -0.5, count: 3 },
      { from: -0.5, to: 0.5, count: 0 },
      { from: 0.5, to: 1.5, count: 4 },
      { from: 1.5, to: 2.5, count: 1 },
      { from: 2.5, to: 3.5, count: 0 },
      { from: 3.5, to: null, count: 0 },
    ],
    calendar: [
      { date: '2026-11-03', trades: 2, pnlUsd: usd(40), r: rMultiple(2) },
      { date: '2026-11-05', trades: 6, pnlUsd: usd(24), r: rMultiple(1.2) },
    ],
    byTier: [
      { tier: 2, ...stats(3, 1 / 3, -0.2, -12) },
      { tier: 3, ...stats(5, 0.8, 0.76, 76, [-0.9, 2.42]) },
    ],
    byCell: [
      edgeRow({
        index: 7,
        title: 'Waited for the candle close',
        tradesWith: 5,
        winsWith: 4,
        lossesWith: 1,
        winRateWith: 0.8,
        expectancyRWith: rMultiple(1.2),
        winRateWithCi: { low: 0.3755, high: 0.9638 },
        expectancyRWithCi: { low: 0.1, high: 2.3 },
        tradesWithout: 5,
        winRateWithout: 0.4,
        expectancyRWithout: rMultiple(-0.1),
        winRateWithoutCi: { low: 0.1176, high: 0.7693 },
        expectancyRWithoutCi: { low: -1, high: 0.8 },
        edgeR: rMultiple(1.3),
      }),
    ],
    byPair: [{ key: 'BTCUSDT', ...stats(8, 0.625, 0.4, 64, [-0.6, 1.4]) }],
    bySide: [
      { key: 'long', ...stats(5, 0.8, 0.9, 90, [-0.5, 2.3]) },
      { key: 'short', ...stats(3, 1 / 3, -0.43, -26) },
    ],
    byWeekday: [{ key: 'Tue', ...stats(8, 0.625, 0.4, 64, [-0.6, 1.4]) }],
    byHour: [{ key: '10', ...stats(8, 0.625, 0.4, 64, [-0.6, 1.4]) }],
    discipline: {
      followedTier: stats(6, 0.667, 0.7, 84, [-0.4, 1.8]),
      belowTier: stats(2, 0.5, -0.5, -20),
      autoTarget: stats(5, 0.8, 0.9, 90, [-0.5, 2.3]),
      manualTarget: stats(3, 1 / 3, -0.43, -26),
      coldStreak: stats(0, null, null, 0),
      notColdStreak: stats(8, 0.625, 0.4, 64, [-0.6, 1.4]),
    },
    // 6 of the 8 closed trades have excursions; the 5 winners among them.
    excursions: {
      trades: 6,
      missing: 2,
      winners: {
        trades: 5,
        medianMaeR: -0.3,
        maeDistribution: [
          { from: 0, to: 0.25, count: 2 },
          { from: 0.25, to: 0.5, count: 1 },
          { from: 0.5, to: 0.75, count: 1 },
          { from: 0.75, to: 1, count: 0 },
          { from: 1, to: null, count: 1 },
        ],
      },
      nextTarget: { trades: 6, reachedTarget: 4, reachedNext: 2, extraR: 2, cameBack: 1 },
    },
    options: { pairs: ['BTCUSDT', 'ETHUSDT'], boards: [{ id: 'b1', name: 'Main board' }] },
    ...overrides,
  };
}

/**
 * A GET /api/analytics/script-cells answer (tests only), from core's own maths: 40 verified
 * trades since 2 May 2026, half won, +0.30R on average; the trend script 14 of 20 won
 * (+0.80R), volume 2 of 5 (small sample), the others never ticked.
 */
export function scriptWinRatesFixture(): ScriptCellWinRatesResponse {
  return {
    ...scriptCellWinRates({
      since: '2026-05-02T10:00:00.000Z',
      baseline: { trades: 40, wins: 20, losses: 20, sumR: 12 },
      byScript: {
        'daily-trend': { trades: 20, wins: 14, losses: 6, sumR: 16 },
        'volume-up': { trades: 5, wins: 2, losses: 3, sumR: -1 },
      },
    }),
    computedAt: '2026-06-01T12:00:00.000Z',
  };
}
