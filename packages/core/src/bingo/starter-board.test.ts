import { describe, expect, it } from 'vitest';
import { BINGO_SCORE } from '../risk/tiers.js';
import { BingoCellSchema, type BingoState } from '../schemas/bingo.js';
import { boardScore, createBoard, defaultBingoState } from './board.js';
import { boardMessages as m } from './limits.js';
import {
  isBoardEmpty,
  isBoardUntouched,
  loadStarterBoard,
  STARTER_CELLS,
  starterBingoCells,
  starterBoardMessages,
} from './starter-board.js';

const T0 = Date.parse('2025-03-10T12:00:00Z');
const LATER = T0 + 5_000;
/** A default board followed by an empty 'Board 2', showing the empty one. */
const withEmptySecond = (): BingoState => {
  const state = defaultBingoState('b1', T0);
  return {
    ...state,
    bingoPages: [...state.bingoPages, createBoard('b2', 'Board 2')],
    currentPageIndex: 1,
  };
};

describe('STARTER_CELLS', () => {
  it('is 25 distinct practices short enough to fit a cell, worth 1 to 3 points', () => {
    expect(STARTER_CELLS).toHaveLength(25);
    expect(new Set(STARTER_CELLS.map((c) => c.title)).size).toBe(25);
    for (const { title, points } of STARTER_CELLS) {
      expect(title.trim()).toBe(title);
      expect(title.length).toBeGreaterThan(0);
      expect(title.length).toBeLessThanOrEqual(40);
      expect([1, 2, 3]).toContain(points);
    }
  });

  it('adds up well past BINGO, so following most of the practices reaches the top tier', () => {
    const total = boardScore(starterBingoCells().map((c) => ({ ...c, selected: true })));
    expect(total).toBe(40);
    // Skipping the five least valuable practices still scores a BINGO.
    const points = STARTER_CELLS.map((c) => c.points).sort((a, b) => b - a);
    expect(points.slice(0, 20).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(BINGO_SCORE);
  });

  it('weights the practices that protect the account most', () => {
    const worth = (title: string) => STARTER_CELLS.find((c) => c.title === title)?.points;
    expect(worth('Stop beyond structure')).toBe(3);
    expect(worth('Risk ≤ 1% of account')).toBe(3);
    expect(worth('No revenge trade')).toBe(3);
    expect(worth('Setup is in my playbook')).toBe(3);
    expect(worth('Funding not extreme')).toBe(1);
  });
});

describe('starterBingoCells', () => {
  it('numbers the cells 0..24, none selected, each passing the cell schema', () => {
    const cells = starterBingoCells();
    expect(cells.map((c) => c.id)).toEqual([...Array(25).keys()]);
    expect(cells.every((c) => !c.selected)).toBe(true);
    for (const cell of cells) expect(BingoCellSchema.parse(cell)).toEqual(cell);
  });

  it('gives fresh objects on every call', () => {
    const first = starterBingoCells();
    first[0]!.selected = true;
    expect(starterBingoCells()[0]?.selected).toBe(false);
  });
});

describe('isBoardEmpty / isBoardUntouched', () => {
  const board = (
    change: (cells: ReturnType<typeof starterBingoCells>) => void,
    starter = false,
  ) => {
    const bingoCells = starter ? starterBingoCells() : createBoard('x', 'X').bingoCells;
    change(bingoCells);
    return { bingoCells };
  };
  it.each([
    ['a new empty board', board(() => {}), true, true],
    [
      'blank titles and a ticked 0-point cell',
      board((c) => Object.assign(c[3]!, { title: '   ', selected: true })),
      true,
      false,
    ],
    ['one title', board((c) => Object.assign(c[24]!, { title: 'Mine' })), false, false],
    ['points without a title', board((c) => Object.assign(c[0]!, { points: 2 })), false, false],
    ['the starter board', board(() => {}, true), false, true],
    [
      'the starter board with a ticked cell',
      board((c) => Object.assign(c[5]!, { selected: true }), true),
      false,
      false,
    ],
    [
      'the starter board with one cell edited',
      board((c) => Object.assign(c[5]!, { points: 5 }), true),
      false,
      false,
    ],
  ])('%s', (_scenario, b, empty, untouched) => {
    expect(isBoardEmpty(b)).toBe(empty);
    expect(isBoardUntouched(b)).toBe(untouched);
  });
});

describe('loadStarterBoard', () => {
  it('fills an empty board with the starter cells and leaves the other boards alone', () => {
    const state = withEmptySecond();
    const result = loadStarterBoard(state, 1, LATER);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.bingoPages[1]).toEqual({
      id: 'b2',
      name: 'Board 2',
      bingoCells: starterBingoCells(),
    });
    expect(result.value.bingoPages[0]).toBe(state.bingoPages[0]);
    expect(result.value.lastModified).toBe(new Date(LATER).toISOString());
    expect(result.value.currentPageIndex).toBe(1);
    expect(state.bingoPages[1]?.bingoCells[0]?.title).toBe('');
  });

  it('clears ticks left on empty cells', () => {
    const state = withEmptySecond();
    state.bingoPages[1]!.bingoCells[2]!.selected = true;
    const result = loadStarterBoard(state, 1, LATER);
    expect(result.ok && result.value.bingoPages[1]?.bingoCells.some((c) => c.selected)).toBe(false);
  });

  it.each([
    ['a board that holds the starter cells', withEmptySecond(), 0, 'VALIDATION_ERROR'],
    [
      "a board with the trader's own cell",
      (() => {
        const s = withEmptySecond();
        s.bingoPages[1]!.bingoCells[7] = { id: 7, title: 'My rule', points: 0, selected: false };
        return s;
      })(),
      1,
      'VALIDATION_ERROR',
    ],
    ['a board that does not exist', withEmptySecond(), 2, 'NOT_FOUND'],
    ['a negative index', withEmptySecond(), -1, 'NOT_FOUND'],
  ])('refuses %s', (_scenario, state, index, code) => {
    const result = loadStarterBoard(state, index, LATER);
    expect(result).toEqual({
      ok: false,
      code,
      message: code === 'NOT_FOUND' ? m.noSuchBoard : starterBoardMessages.notEmpty,
    });
  });
});
