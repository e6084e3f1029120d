import { describe, expect, it } from 'vitest';
import { BingoStateSchema } from '../schemas/bingo.js';
import {
  boardScore,
  cellTooltip,
  createBingoCells,
  createBoard,
  currentBoard,
  currentScore,
  defaultBingoState,
  nextBoardName,
} from './board.js';
import { starterBingoCells } from './starter-board.js';

const T0 = Date.parse('2025-03-10T12:00:00Z');

describe('createBingoCells / createBoard', () => {
  it('makes exactly 25 empty cells numbered 0..24', () => {
    const cells = createBingoCells();
    expect(cells).toHaveLength(25);
    expect(cells.map((c) => c.id)).toEqual([...Array(25).keys()]);
    expect(cells.every((c) => c.title === '' && c.points === 0 && !c.selected)).toBe(true);
  });

  it('a new board ("next") has the given id and name and starts empty', () => {
    expect(createBoard('b2', 'Board 2')).toEqual({
      id: 'b2',
      name: 'Board 2',
      bingoCells: createBingoCells(),
    });
  });
});

describe('defaultBingoState', () => {
  it('is one Default Board at version 0 that passes the schema', () => {
    const state = defaultBingoState('b1', T0);
    expect(state.bingoPages.map((b) => b.name)).toEqual(['Default Board']);
    expect(state.bingoPages[0]?.id).toBe('b1');
    expect(state).toMatchObject({
      currentPageIndex: 0,
      version: 0,
      formatVersion: '2.0',
      lastModified: '2025-03-10T12:00:00.000Z',
    });
    expect(BingoStateSchema.parse(state)).toEqual(state);
  });

  it('holds the starter cells, none ticked, so a new trader scores 0', () => {
    const state = defaultBingoState('b1', T0);
    expect(state.bingoPages[0]?.bingoCells).toEqual(starterBingoCells());
    expect(currentScore(state)).toBe(0);
  });

  it('gives every call its own cells', () => {
    const first = defaultBingoState('b1', T0);
    first.bingoPages[0]!.bingoCells[0]!.title = 'Changed';
    expect(defaultBingoState('b1', T0).bingoPages[0]?.bingoCells[0]?.title).not.toBe('Changed');
  });
});

describe('nextBoardName', () => {
  it.each([
    ['after the default board', ['Default Board'], 'Board 2'],
    ['after two boards', ['Default Board', 'Board 2'], 'Board 3'],
    ['skips a name already taken', ['Default Board', 'Board 3'], 'Board 4'],
    ['after a deleted middle board', ['Board 1', 'Board 3'], 'Board 4'],
    ['with no board at all', [], 'Board 1'],
  ])('%s', (_scenario, names, expected) => {
    expect(nextBoardName(names.map((name) => ({ name })))).toBe(expected);
  });
});

describe('scores', () => {
  it.each([
    ['nothing selected', [], 0],
    [
      'selected cells only',
      [
        { points: 5, selected: true },
        { points: 7, selected: false },
        { points: 3, selected: true },
      ],
      8,
    ],
    [
      'fractional points',
      [
        { points: 0.5, selected: true },
        { points: 1.25, selected: true },
      ],
      1.75,
    ],
  ])('boardScore: %s', (_scenario, cells, expected) => {
    expect(boardScore(cells)).toBe(expected);
  });

  it('currentScore scores the board on screen', () => {
    const state = defaultBingoState('b1', T0);
    const second = createBoard('b2', 'Board 2');
    second.bingoCells[0] = { id: 0, title: 'Plan', points: 6, selected: true };
    const withTwo = { ...state, bingoPages: [...state.bingoPages, second], currentPageIndex: 1 };
    expect(currentBoard(withTwo).id).toBe('b2');
    expect(currentScore(withTwo)).toBe(6);
    expect(currentScore({ ...withTwo, currentPageIndex: 0 })).toBe(0);
  });

  it('currentBoard falls back to the first board on a stale index', () => {
    expect(currentBoard({ ...defaultBingoState('b1', T0), currentPageIndex: 9 }).id).toBe('b1');
  });
});

describe('cellTooltip', () => {
  it.each([
    ['an empty cell', { title: '', points: 0 }, { title: 'Not set', points: 0 }],
    ['a blank title', { title: '   ', points: 2 }, { title: 'Not set', points: 2 }],
    [
      'a set cell',
      { title: 'Checked the news', points: 3 },
      { title: 'Checked the news', points: 3 },
    ],
    ['unreadable points', { title: 'x', points: Number.NaN }, { title: 'x', points: 0 }],
  ])('%s', (_scenario, cell, expected) => {
    expect(cellTooltip(cell)).toEqual(expected);
  });
});
