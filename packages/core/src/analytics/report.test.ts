import { describe, expect, it } from 'vitest';
import { byCellPerBoard } from './cells.js';
import { FIXTURE, trade } from './fixture.test-data.js';
import { analyze, filterTrades } from './report.js';
import type { AnalyticsTrade } from './trades.js';

const ids = (trades: readonly AnalyticsTrade[]) => trades.map((t) => t.id).sort();

describe('filterTrades', () => {
  it('by pair, side, tier', () => {
    expect(ids(filterTrades(FIXTURE, { pair: 'ETH' }, 'UTC'))).toEqual(['t2', 't5', 't6']);
    expect(ids(filterTrades(FIXTURE, { side: 'short' }, 'UTC'))).toEqual(['t2', 't4']);
    expect(ids(filterTrades(FIXTURE, { side: 'long', tier: 3 }, 'UTC'))).toEqual(['t1', 't3']);
  });

  it('dates a closed trade by its local close date and an OPEN one by its opening', () => {
    // t1 closes 2026-01-05 23:00 UTC (01-06 in Paris); the OPEN trade opened 01-05 09:00 UTC.
    const jan5 = { from: '2026-01-05', to: '2026-01-05' };
    expect(ids(filterTrades(FIXTURE, jan5, 'UTC'))).toEqual(['open', 't1']);
    expect(ids(filterTrades(FIXTURE, jan5, 'Europe/Paris'))).toEqual(['open']);
    expect(
      ids(filterTrades(FIXTURE, { from: '2026-01-06', to: '2026-01-06' }, 'Europe/Paris')),
    ).toEqual(['t1']);
    expect(ids(filterTrades(FIXTURE, { from: '2026-01-10' }, 'UTC'))).toEqual(['t6']);
    expect(ids(filterTrades(FIXTURE, { to: '2026-01-05' }, 'UTC'))).toEqual(['open', 't1']);
  });

  it('by board and source (a trade without a source is from the journal)', () => {
    const trades = [
      trade({ id: 'a', boardId: 'b1', boardName: 'Scalps' }),
      trade({ id: 'b', boardId: 'b2', source: 'exchange' }),
      trade({ id: 'c' }),
    ];
    expect(ids(filterTrades(trades, { board: 'b1' }, 'UTC'))).toEqual(['a']);
    expect(ids(filterTrades(trades, { source: 'journal' }, 'UTC'))).toEqual(['a', 'c']);
    expect(ids(filterTrades(trades, { source: 'exchange' }, 'UTC'))).toEqual(['b']);
    expect(ids(filterTrades(trades, {}, 'UTC'))).toEqual(['a', 'b', 'c']);
  });
});

describe('byCellPerBoard', () => {
  it('matches a cell index only within its board', () => {
    const on = (board: string, index: number, title: string) => ({
      boardId: board,
      boardName: board === 'b1' ? 'Swing' : 'Scalp',
      cells: [{ index, title, points: 5 }],
    });
    const trades = [
      trade({ id: '1', rMultiple: 2, pnlUsd: 20, ...on('b1', 0, 'Trend') }),
      trade({ id: '2', rMultiple: -1, pnlUsd: -10, ...on('b1', 1, 'Level') }),
      trade({ id: '3', rMultiple: 3, pnlUsd: 30, ...on('b1', 0, 'Trend') }),
      // On board b2, index 0 is another cell: it must not mix with b1's 'Trend'.
      trade({ id: '4', rMultiple: -1, pnlUsd: -10, ...on('b2', 0, 'News') }),
      trade({ id: '5', rMultiple: 1, pnlUsd: 10, ...on('b2', 3, 'Volume') }),
    ];
    const rows = byCellPerBoard(trades).map((r) => [
      r.boardId,
      r.boardName,
      r.title,
      r.tradesWith,
      r.expectancyRWith,
      r.tradesWithout,
      r.expectancyRWithout,
      r.edgeR,
    ]);
    expect(rows).toEqual([
      // b1 first (3 trades): Trend with (2 + 3) / 2 = 2.5 against -1; Level the reverse.
      ['b1', 'Swing', 'Trend', 2, 2.5, 1, -1, 3.5],
      ['b1', 'Swing', 'Level', 1, -1, 2, 2.5, -3.5],
      ['b2', 'Scalp', 'Volume', 1, 1, 1, -1, 2],
      ['b2', 'Scalp', 'News', 1, -1, 1, 1, -2],
    ]);
  });

  it('keeps trades from before boards were recorded under a null board', () => {
    const rows = byCellPerBoard(FIXTURE);
    expect(new Set(rows.map((r) => r.boardId))).toEqual(new Set([null]));
    // Candle close: (2 - 1 + 3) / 3 against (-1 - 0.5) / 2, edge 2.0833; Trend: (2 - 1 + 3 - 0.5)
    // / 4 against -1, edge 1.875 (t5 has no snapshot and counts on neither side).
    expect(rows.map((r) => [r.title, r.edgeR])).toEqual([
      ['Candle close', 2.0833],
      ['Trend', 1.875],
    ]);
  });
});

describe('analyze', () => {
  it('reports the fixture: the open trade counted apart, every part on closed trades', () => {
    const report = analyze(FIXTURE, 'Europe/Paris');
    expect(report.openTrades).toBe(1);
    expect(report.summary.trades).toBe(6);
    expect(report.summary.totalR).toBe(2.5);
    expect(report.equity.map((p) => p.tradeId)).toEqual(['t1', 't2', 't3', 't4', 't5', 't6']);
    expect(report.calendar.map((d) => d.date)).toEqual([
      '2026-01-06',
      '2026-01-07',
      '2026-01-08',
      '2026-01-09',
      '2026-01-10',
      '2026-01-11',
    ]);
    expect(report.byTier.map((t) => [t.tier, t.trades])).toEqual([
      [1, 2],
      [2, 2],
      [3, 2],
    ]);
    expect(report.bySide.map((s) => [s.key, s.trades])).toEqual([
      ['long', 4],
      ['short', 2],
    ]);
    expect(report.discipline.belowTier.trades).toBe(2);
    expect(report.rDistribution.reduce((n, b) => n + b.count, 0)).toBe(6);
  });

  it('reports nothing from no trades', () => {
    const report = analyze([], 'UTC');
    expect(report.summary.trades).toBe(0);
    expect(report.openTrades).toBe(0);
    expect([report.equity, report.calendar, report.byCell, report.byPair]).toEqual([
      [],
      [],
      [],
      [],
    ]);
  });
});
