import { describe, expect, it } from 'vitest';
import { defaultBingoState } from '../bingo/board.js';
import { BOARD_NAME_MAX_LENGTH, PREMIUM_BOARD_LIMIT } from '../bingo/limits.js';
import { SCRIPT_CELLS } from '../script-cells/catalogue.js';
import {
  addFilledBoard,
  boardNameFromTitle,
  SCRIPT_BOARD_NAME,
  scriptBoardCells,
  strategyBingoCells,
} from './shop-boards.js';

const board = Array.from({ length: 25 }, (_, i) => ({ title: `Rule ${i + 1}`, points: i % 4 }));
const premium = { isPremium: true, now: Date.parse('2026-07-10T12:00:00Z') };

describe('shop boards', () => {
  it('names a board after a title, within the limit', () => {
    expect(boardNameFromTitle('  July:   trend days ')).toBe('July: trend days');
    const long = boardNameFromTitle('A very long strategy title that goes on and on past fifty');
    expect(long.length).toBeLessThanOrEqual(BOARD_NAME_MAX_LENGTH);
    expect(long).toBe('A very long strategy title that goes on and on…');
    expect(boardNameFromTitle('x'.repeat(80))).toHaveLength(BOARD_NAME_MAX_LENGTH);
    expect(boardNameFromTitle('   ')).toBe('Strategy board');
  });

  it("makes a strategy's 25 cells unticked bingo cells", () => {
    const cells = strategyBingoCells(board);
    expect(cells).toHaveLength(25);
    expect(cells[3]).toEqual({ id: 3, title: 'Rule 4', points: 3, selected: false });
    expect(cells.every((c) => !c.selected && c.script === undefined)).toBe(true);
  });

  it('puts the five script cells first and leaves the rest empty', () => {
    const cells = scriptBoardCells();
    expect(cells.slice(0, 5)).toEqual(
      SCRIPT_CELLS.map((s, id) => ({
        id,
        title: s.label,
        points: s.points,
        selected: false,
        script: s.id,
      })),
    );
    expect(cells.slice(5).every((c) => c.title === '' && c.points === 0 && !c.script)).toBe(true);
  });

  it('adds the board, shows it and keeps the others', () => {
    const state = defaultBingoState('first', premium.now);
    const result = addFilledBoard(state, 'b2', SCRIPT_BOARD_NAME, scriptBoardCells(), premium);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.bingoPages.map((b) => b.name)).toEqual(['Default Board', 'Script cells']);
    expect(result.value.currentPageIndex).toBe(1);
    expect(result.value.bingoPages[0]).toBe(state.bingoPages[0]);
    expect(result.value.bingoPages[1]!.bingoCells[0]!.script).toBe('daily-trend');
  });

  it('refuses a free trader and a full set of boards', () => {
    const state = defaultBingoState('first', premium.now);
    const cells = strategyBingoCells(board);
    expect(addFilledBoard(state, 'b2', 'July', cells, { ...premium, isPremium: false })).toEqual(
      expect.objectContaining({ ok: false, code: 'PREMIUM_REQUIRED' }),
    );
    const full = {
      ...state,
      bingoPages: Array.from({ length: PREMIUM_BOARD_LIMIT }, (_, i) => ({
        ...state.bingoPages[0]!,
        id: `b${i}`,
      })),
    };
    expect(addFilledBoard(full, 'new', 'July', cells, premium)).toEqual(
      expect.objectContaining({ ok: false, code: 'VALIDATION_ERROR' }),
    );
  });
});
