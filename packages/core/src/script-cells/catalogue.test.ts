import { describe, expect, it } from 'vitest';
import { CELL_TITLE_MAX_LENGTH } from '../bingo/limits.js';
import { dailyCloses, times } from './candles.test-data.js';
import {
  evaluateScriptCells,
  SCRIPT_CELLS,
  scriptCellById,
  scriptCellsForPlan,
} from './catalogue.js';

describe('SCRIPT_CELLS', () => {
  it('has the five cells of issue 31, each once', () => {
    expect(SCRIPT_CELLS.map((cell) => cell.id)).toEqual([
      'daily-trend',
      'funding-calm',
      'btc-agrees',
      'volume-up',
      'not-extended',
    ]);
  });

  it.each(SCRIPT_CELLS)('$id fits a board cell and states its rule', (cell) => {
    expect(cell.label.length).toBeGreaterThan(0);
    expect(cell.label.length).toBeLessThanOrEqual(CELL_TITLE_MAX_LENGTH);
    expect(cell.rule.length).toBeGreaterThan(20);
    expect(cell.points).toBeGreaterThanOrEqual(1);
    expect(cell.points).toBeLessThanOrEqual(3);
    expect(cell.plans).toEqual(['quarterly', 'annual']);
  });

  it('belongs to quarterly and annual plans only', () => {
    expect(scriptCellsForPlan('quarterly')).toHaveLength(5);
    expect(scriptCellsForPlan('annual')).toHaveLength(5);
    expect(scriptCellsForPlan('monthly')).toEqual([]);
    expect(scriptCellsForPlan('quick')).toEqual([]);
  });

  it('finds a cell by id', () => {
    expect(scriptCellById('funding-calm')?.label).toBe('Funding not extreme');
    expect(scriptCellById('nope')).toBeUndefined();
  });
});

describe('evaluateScriptCells', () => {
  it('runs every rule on one set of market data', () => {
    // Coin and BTC: 19 closes at 100 then 120 (average 101). Trade timeframe: the same daily
    // candles (volume 1 each: 1 vs average 1, not above). Funding 0.00125%/h.
    const daily = dailyCloses([...times(19, 100), 120, 120]);
    const data = {
      dailyCandles: daily.slice(0, 20),
      btcDailyCandles: daily.slice(0, 20),
      fundingRatePerHour: 0.0000125,
      candles: daily,
      intervalMs: 86_400_000,
    };
    const long = evaluateScriptCells(data, 'long');
    expect(Object.keys(long)).toEqual(SCRIPT_CELLS.map((cell) => cell.id));
    expect(long['daily-trend'].ticked).toBe(true);
    expect(long['btc-agrees'].ticked).toBe(true);
    expect(long['funding-calm'].ticked).toBe(true);
    expect(long['volume-up']).toMatchObject({ ticked: false, value: 1 });
    // Days 0..18 have no range; day 19 (120 after 100) has TR 20: ATR(14) = 20 / 14.
    // Distance 120 − 101 = 19 → 19 × 14 / 20 = 13.3 ATRs: extended, whatever the side.
    expect(long['not-extended']).toMatchObject({ ticked: false, value: 13.3 });
    const short = evaluateScriptCells(data, 'short');
    expect(short['daily-trend'].ticked).toBe(false);
    expect(short['btc-agrees'].ticked).toBe(false);
    expect(short['not-extended']).toEqual(long['not-extended']);
  });
});
