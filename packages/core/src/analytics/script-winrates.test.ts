import { describe, expect, it } from 'vitest';
import { SCRIPT_CELL_IDS } from '../script-cells/catalogue.js';
import { scriptCellWinRates, winRateFigures } from './script-winrates.js';

describe('winRateFigures', () => {
  it('gives the win rate of decided trades, its interval and the mean R', () => {
    // 3 wins of 4; R 2 + 1.5 + 1 - 1 = 3.5 -> 0.875.
    const figures = winRateFigures({ trades: 4, wins: 3, losses: 1, sumR: 3.5 });
    expect(figures).toMatchObject({ trades: 4, wins: 3, losses: 1, winRate: 0.75, avgR: 0.875 });
    // Wilson 3/4: [0.3006, 0.9544].
    expect(figures.winRateCi?.low).toBeCloseTo(0.3006, 4);
    expect(figures.winRateCi?.high).toBeCloseTo(0.9544, 4);
  });

  it('has no rate, interval or mean without trades', () => {
    expect(winRateFigures({ trades: 0, wins: 0, losses: 0, sumR: 0 })).toEqual({
      trades: 0,
      wins: 0,
      losses: 0,
      winRate: null,
      winRateCi: null,
      avgR: null,
    });
  });
});

describe('scriptCellWinRates', () => {
  it('lists every catalogue cell with its edge over the baseline, small samples marked', () => {
    const result = scriptCellWinRates({
      since: '2026-01-01T00:00:00.000Z',
      baseline: { trades: 20, wins: 10, losses: 10, sumR: 4 },
      byScript: {
        'daily-trend': { trades: 12, wins: 9, losses: 3, sumR: 9 },
        'volume-up': { trades: 4, wins: 1, losses: 3, sumR: -2 },
        retired: { trades: 50, wins: 50, losses: 0, sumR: 50 },
      },
    });
    expect(result.since).toBe('2026-01-01T00:00:00.000Z');
    expect(result.baseline).toMatchObject({ trades: 20, winRate: 0.5, avgR: 0.2 });
    expect(result.cells.map((cell) => cell.id)).toEqual([...SCRIPT_CELL_IDS]);
    const byId = new Map(result.cells.map((cell) => [cell.id, cell]));
    expect(byId.get('daily-trend')).toMatchObject({
      label: 'Trend on the daily agrees',
      trades: 12,
      winRate: 0.75,
      avgR: 0.75,
      edge: 0.25,
      smallSample: false,
    });
    expect(byId.get('volume-up')).toMatchObject({ winRate: 0.25, edge: -0.25, smallSample: true });
    expect(byId.get('funding-calm')).toMatchObject({
      trades: 0,
      winRate: null,
      edge: null,
      smallSample: true,
    });
  });

  it('has no edge without a baseline', () => {
    const none = { trades: 0, wins: 0, losses: 0, sumR: 0 };
    const result = scriptCellWinRates({ since: null, baseline: none, byScript: {} });
    expect(result.cells.every((cell) => cell.edge === null && cell.trades === 0)).toBe(true);
  });
});
