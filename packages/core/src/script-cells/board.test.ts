import { describe, expect, it } from 'vitest';
import { createBingoCells, defaultBingoState } from '../bingo/board.js';
import { toggleCell, updateCell } from '../bingo/cells.js';
import type { BingoCell, BingoState } from '../schemas/bingo.js';
import { CellPatchSchema } from '../schemas/bingo.js';
import { ImportTradeSchema } from '../schemas/trades.js';
import { openTrade, tickedCells } from '../trade/open-trade.js';
import { defaultRiskState } from '../risk/risk-state.js';
import {
  addsScriptCells,
  formatScriptValue,
  normaliseBoardScripts,
  normaliseScriptCell,
  scriptSnapshotText,
  withScriptTicks,
} from './board.js';
import { scriptCellById } from './catalogue.js';

const trend = scriptCellById('daily-trend')!;
const volume = scriptCellById('volume-up')!;

function stateWith(cells: (cells: BingoCell[]) => void, boardId = 'b1'): BingoState {
  const state = defaultBingoState(boardId, Date.parse('2026-07-10T12:00:00Z'));
  const bingoCells = createBingoCells();
  cells(bingoCells);
  return { ...state, bingoPages: [{ id: boardId, name: 'Default Board', bingoCells }] };
}

describe('normaliseScriptCell', () => {
  it("takes a script cell's title and points from the catalogue and never stores it ticked", () => {
    const cell: BingoCell = {
      id: 3,
      title: 'My own words',
      points: 50,
      selected: true,
      script: 'daily-trend',
    };
    expect(normaliseScriptCell(cell)).toEqual({
      id: 3,
      title: trend.label,
      points: trend.points,
      selected: false,
      script: 'daily-trend',
    });
  });

  it("leaves a trader's own cell as it is", () => {
    const cell: BingoCell = { id: 1, title: 'Mine', points: 7, selected: true };
    expect(normaliseScriptCell(cell)).toBe(cell);
  });

  it('normalises every board of a state', () => {
    const state = stateWith((cells) => {
      cells[4] = { id: 4, title: 'x', points: 99, selected: true, script: 'volume-up' };
      cells[5] = { id: 5, title: 'Own', points: 3, selected: true };
    });
    const cells = normaliseBoardScripts(state).bingoPages[0]!.bingoCells;
    expect(cells[4]).toMatchObject({ title: volume.label, points: volume.points, selected: false });
    expect(cells[5]).toMatchObject({ title: 'Own', points: 3, selected: true });
  });
});

describe('addsScriptCells', () => {
  const withTrend = stateWith((cells) => {
    cells[2] = { ...cells[2]!, script: 'daily-trend' };
  });

  it('is true for a script cell the stored state does not have there', () => {
    expect(
      addsScriptCells(
        stateWith(() => {}),
        withTrend,
      ),
    ).toBe(true);
    expect(addsScriptCells(null, withTrend)).toBe(true);
  });

  it('is false for script cells already stored (a lapsed plan keeps them)', () => {
    expect(addsScriptCells(withTrend, withTrend)).toBe(false);
    expect(
      addsScriptCells(
        withTrend,
        stateWith(() => {}),
      ),
    ).toBe(false);
  });

  it('is true for another script in the same place, or the same one on another board', () => {
    const other = stateWith((cells) => {
      cells[2] = { ...cells[2]!, script: 'volume-up' };
    });
    expect(addsScriptCells(withTrend, other)).toBe(true);
    const moved = stateWith((cells) => {
      cells[2] = { ...cells[2]!, script: 'daily-trend' };
    }, 'b2');
    expect(addsScriptCells(withTrend, moved)).toBe(true);
  });
});

describe('withScriptTicks and tickedCells', () => {
  const cells = (): BingoCell[] => {
    const board = createBingoCells();
    board[0] = { id: 0, title: 'Own', points: 3, selected: true };
    board[1] = { id: 1, title: trend.label, points: 2, selected: true, script: 'daily-trend' };
    board[2] = { id: 2, title: volume.label, points: 1, selected: false, script: 'volume-up' };
    return board;
  };

  it('ticks a script cell only when the script ticked it, ignoring the stored flag', () => {
    const ticked = withScriptTicks(cells(), {
      'daily-trend': { ticked: false, value: -1.2 },
      'volume-up': { ticked: true, value: 1.8 },
    });
    expect(ticked.slice(0, 3).map((c) => c.selected)).toEqual([true, false, true]);
  });

  it('ticks no script cell without ticks (no data, a lapsed plan)', () => {
    expect(
      withScriptTicks(cells(), {})
        .slice(0, 3)
        .map((c) => c.selected),
    ).toEqual([true, false, false]);
  });

  it('records the script and the value it saw in the snapshot', () => {
    const ticks = { 'volume-up': { ticked: true, value: 1.8 } };
    expect(tickedCells(withScriptTicks(cells(), ticks), ticks)).toEqual([
      { index: 0, title: 'Own', points: 3 },
      { index: 2, title: volume.label, points: 1, script: 'volume-up', value: 1.8 },
    ]);
  });
});

describe('openTrade with script ticks', () => {
  const request = { pair: 'BTCUSDT', isLong: true, stopLoss: 90, entryPrice: 100, takeProfit: 120 };
  const now = Date.parse('2026-07-10T12:00:00Z');
  const board = createBingoCells();
  board[0] = { id: 0, title: 'Own', points: 3, selected: true };
  // The client said ticked: it counts only if the script says so.
  board[1] = { id: 1, title: 'faked', points: 50, selected: true, script: 'daily-trend' };

  it('counts the ticked script cells with the catalogue points', () => {
    const opened = openTrade(request, {
      risk: defaultRiskState(now),
      cells: board,
      now,
      scriptTicks: { 'daily-trend': { ticked: true, value: 2.5 } },
    });
    expect(opened.ok && opened.value.trade.score).toBe(3 + trend.points);
    expect(opened.ok && opened.value.trade.cells).toEqual([
      { index: 0, title: 'Own', points: 3 },
      { index: 1, title: trend.label, points: trend.points, script: 'daily-trend', value: 2.5 },
    ]);
  });

  it('counts no script cell without the script', () => {
    const opened = openTrade(request, { risk: defaultRiskState(now), cells: board, now });
    expect(opened.ok && opened.value.trade.score).toBe(3);
    expect(opened.ok && opened.value.trade.cells).toEqual([{ index: 0, title: 'Own', points: 3 }]);
  });
});

describe('script cells in the board editor', () => {
  const state = stateWith(() => {});

  it('turns a cell into a script cell and back', () => {
    const scripted = updateCell(state, 6, { script: 'daily-trend', points: 9 }, { now: 1 });
    expect(scripted.ok && scripted.value.bingoPages[0]!.bingoCells[6]).toEqual({
      id: 6,
      title: trend.label,
      points: trend.points,
      selected: false,
      script: 'daily-trend',
    });
    if (!scripted.ok) return;
    const back = updateCell(scripted.value, 6, { script: null }, { now: 2 });
    expect(back.ok && back.value.bingoPages[0]!.bingoCells[6]).toEqual({
      id: 6,
      title: trend.label,
      points: trend.points,
      selected: false,
    });
  });

  it('does not tick a script cell on click', () => {
    const scripted = stateWith((cells) => {
      cells[6] = { ...cells[6]!, script: 'volume-up' };
    });
    expect(toggleCell(scripted, 6, 5)).toBe(scripted);
  });

  it('accepts script in a cell patch, null to turn it back, and refuses an unknown one', () => {
    expect(CellPatchSchema.parse({ script: null })).toEqual({ script: null });
    expect(CellPatchSchema.safeParse({ script: 'moon' }).error?.issues[0]?.message).toBe(
      'Script must be one of the script cells',
    );
  });
});

describe('imported trades', () => {
  it('drop script and value from their cells (the browser journal has no script cells)', () => {
    const parsed = ImportTradeSchema.parse({
      pair: 'BTCUSDT',
      isLong: true,
      entryPrice: 100,
      stopLoss: 90,
      takeProfit: 120,
      date: '2026-07-10T12:00:00.000Z',
      status: 'OPEN',
      sizeUsd: 100,
      cells: [{ index: 1, title: 'x', points: 2, script: 'daily-trend', value: 3 }],
    });
    expect(parsed.cells).toEqual([{ index: 1, title: 'x', points: 2 }]);
  });
});

describe('scriptSnapshotText', () => {
  it('names the script, its value and unit', () => {
    expect(scriptSnapshotText({ title: 't', script: 'volume-up', value: 1.8456 })).toBe(
      `Script: ${volume.label} (1.85 ${volume.valueUnit})`,
    );
    expect(scriptSnapshotText({ title: 't', script: 'volume-up', value: null })).toBe(
      `Script: ${volume.label}`,
    );
    expect(scriptSnapshotText({ title: 'Own' })).toBeNull();
  });

  it('keeps small values readable', () => {
    expect(formatScriptValue(0.00123)).toBe('0.0012');
    expect(formatScriptValue(-2.345)).toBe('-2.35');
    expect(formatScriptValue(0)).toBe('0');
  });
});
