import { describe, expect, it } from 'vitest';
import { byCell } from './cells.js';
import { FIXTURE, trade } from './fixture.test-data.js';

describe('byCell', () => {
  it('compares trades with and without each cell, best edge first', () => {
    // Snapshots of closed trades: t1 [0, 4], t2 [0], t3 [4], t4 [0, 4], t6 [0]; t5 has none
    // (counts in neither side), the OPEN trade is ignored.
    expect(byCell(FIXTURE)).toEqual([
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

  it('is empty without snapshots', () => {
    expect(byCell([trade({ id: 'a', cells: null })])).toEqual([]);
    expect(byCell([])).toEqual([]);
  });
});
