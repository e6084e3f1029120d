import { describe, expect, it } from 'vitest';
import { byCell } from './cells.js';
import { FIXTURE, trade } from './fixture.test-data.js';

describe('byCell', () => {
  it('compares trades with and without each cell, best edge first', () => {
    // Snapshots of closed trades: t1 [0, 4], t2 [0], t3 [4], t4 [0, 4], t6 [0]; t5 has none
    // (counts in neither side), the OPEN trade is ignored.
    expect(byCell(FIXTURE)).toMatchObject([
      {
        index: 4,
        title: 'Candle close',
        // with: t1 2, t3 -1, t4 3 -> 4 / 3 = 1.3333; 2 wins of 3
        tradesWith: 3,
        winRateWith: 2 / 3,
        expectancyRWith: 1.3333,
        // without: t2 -1, t6 -0.5 -> -0.75; no win
        tradesWithout: 2,
        winRateWithout: 0,
        expectancyRWithout: -0.75,
        edgeR: 2.0833, // 1.3333 + 0.75
      },
      {
        index: 0,
        title: 'Trend',
        // with: t1 2, t2 -1, t4 3, t6 -0.5 -> 3.5 / 4 = 0.875; 2 wins of 4
        tradesWith: 4,
        winRateWith: 0.5,
        expectancyRWith: 0.875,
        // without: t3 -1
        tradesWithout: 1,
        winRateWithout: 0,
        expectancyRWithout: -1,
        edgeR: 1.875, // 0.875 + 1
      },
    ]);
  });

  it('gives each side its 95 % intervals', () => {
    const [candle, trend] = byCell(FIXTURE);
    // Candle close with: R 2, -1, 3 (2 wins of 3). Wilson 2/3: [0.2077, 0.9385]. Mean 4/3,
    // s = sqrt(((2/3)² + (7/3)² + (5/3)²) / 2) = 2.0817, t(2) = 4.303:
    // 1.3333 ± 4.303 × 2.0817 / √3 = 1.3333 ± 5.1716.
    expect(candle?.winRateWithCi?.low).toBeCloseTo(0.2077, 4);
    expect(candle?.winRateWithCi?.high).toBeCloseTo(0.9385, 4);
    expect(candle?.expectancyRWithCi).toEqual({ low: -3.8382, high: 6.5049 });
    // Trend without: t3 alone: a win rate interval, no spread for an expectancy interval.
    expect(trend?.winRateWithoutCi?.low).toBe(0);
    expect(trend?.expectancyRWithoutCi).toBeNull();
  });

  it('has no edge when a cell was ticked on every trade, and lists it last', () => {
    const cell = (index: number) => ({ index, title: `c${index}`, points: 1 });
    const rows = byCell([
      trade({ id: 'a', rMultiple: 1, cells: [cell(1), cell(2)] }),
      trade({ id: 'b', rMultiple: -1, pnlUsd: -10, cells: [cell(1)] }),
    ]);
    expect(rows.map((row) => [row.index, row.edgeR])).toEqual([
      [2, 2], // with: 1; without: -1
      [1, null], // never unticked
    ]);
    expect(rows[1]).toMatchObject({ tradesWithout: 0, expectancyRWithout: null });
  });

  it('counts wins and losses with each cell, a breakeven trade in neither', () => {
    const cell = { index: 3, title: 'Plan', points: 1 };
    const [row] = byCell([
      trade({ id: 'a', rMultiple: 1, pnlUsd: 10, cells: [cell] }),
      trade({ id: 'b', rMultiple: -1, pnlUsd: -10, cells: [cell] }),
      trade({ id: 'c', rMultiple: 0, pnlUsd: 0, cells: [cell] }),
    ]);
    expect(row).toMatchObject({ script: null, tradesWith: 3, winsWith: 1, lossesWith: 1 });
    expect(row?.winRateWith).toBeCloseTo(1 / 3, 10);
  });

  it('matches script cells by their script id and titles them from the catalogue', () => {
    // The trend script sat at index 2 on the board, then at index 7 after an edit; a hand cell
    // named like it is another row. 'gone' is no catalogue id: counted as a hand cell.
    const script = (index: number) => ({
      index,
      title: 'my trend',
      points: 2,
      script: 'daily-trend' as const,
      value: 1.5,
    });
    const hand = { index: 9, title: 'my trend', points: 1 };
    const rows = byCell([
      trade({ id: 'a', rMultiple: 2, pnlUsd: 20, cells: [script(2), hand] }),
      trade({ id: 'b', rMultiple: -1, pnlUsd: -10, cells: [script(7)] }),
      trade({ id: 'c', rMultiple: 1, pnlUsd: 10, cells: [script(7), script(7)] }),
      trade({ id: 'd', rMultiple: -1, pnlUsd: -10, cells: [hand] }),
      trade({
        id: 'e',
        rMultiple: -1,
        pnlUsd: -10,
        cells: [{ index: 4, title: 'Old', points: 1, script: 'gone' as never }],
      }),
    ]);
    const trend = rows.find((row) => row.script === 'daily-trend');
    // with: a 2, b -1, c 1 (counted once) -> 2 / 3 = 0.6667; 2 wins, 1 loss.
    // without: d -1, e -1 -> -1; edge 1.6667.
    expect(trend).toMatchObject({
      index: 7,
      title: 'Trend on the daily agrees',
      tradesWith: 3,
      winsWith: 2,
      lossesWith: 1,
      expectancyRWith: 0.6667,
      tradesWithout: 2,
      expectancyRWithout: -1,
      edgeR: 1.6667,
    });
    expect(rows.find((row) => row.index === 9)).toMatchObject({
      script: null,
      title: 'my trend',
      tradesWith: 2,
    });
    expect(rows.find((row) => row.index === 4)).toMatchObject({ script: null, title: 'Old' });
    expect(rows).toHaveLength(3);
  });

  it('is empty without snapshots', () => {
    expect(byCell([trade({ id: 'a', cells: null })])).toEqual([]);
    expect(byCell([])).toEqual([]);
  });
});
