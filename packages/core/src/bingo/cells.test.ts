import { describe, expect, it } from 'vitest';
import { createBoard, defaultBingoState } from './board.js';
import { cellPatchError, toggleCell, updateCell } from './cells.js';
import { boardMessages as m } from './limits.js';

const T0 = Date.parse('2025-03-10T12:00:00Z');
const LATER = T0 + 5_000;
const twoBoards = () => {
  const state = defaultBingoState('b1', T0);
  return { ...state, bingoPages: [...state.bingoPages, createBoard('b2', 'Board 2')] };
};

describe('toggleCell', () => {
  it('selects and then unselects a cell of the current board', () => {
    const once = toggleCell(twoBoards(), 4, LATER);
    expect(once.bingoPages[0]?.bingoCells[4]?.selected).toBe(true);
    expect(once.lastModified).toBe(new Date(LATER).toISOString());
    expect(toggleCell(once, 4, LATER).bingoPages[0]?.bingoCells[4]?.selected).toBe(false);
  });

  it('throws for a cell outside the grid', () => {
    expect(() => toggleCell(twoBoards(), 25, LATER)).toThrow(RangeError);
  });
});

describe('updateCell', () => {
  it('edits title (trimmed) and points of the current board, leaving the original untouched', () => {
    const state = twoBoards();
    const result = updateCell(
      state,
      0,
      { title: '  Waited for the close ', points: 4 },
      { now: LATER },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.bingoPages[0]?.bingoCells[0]).toEqual({
      id: 0,
      title: 'Waited for the close',
      points: 4,
      selected: false,
    });
    expect(state.bingoPages[0]?.bingoCells[0]?.title).toBe('Trend on the daily agrees');
  });

  it('edits another board named by id', () => {
    const result = updateCell(twoBoards(), 24, { selected: true }, { now: LATER, boardId: 'b2' });
    expect(result.ok && result.value.bingoPages[1]?.bingoCells[24]?.selected).toBe(true);
  });

  it.each([
    ['an index past the grid', 25, { points: 1 }, undefined, 'VALIDATION_ERROR', m.noSuchCell],
    ['negative points', 0, { points: -1 }, undefined, 'VALIDATION_ERROR', m.pointsInvalid],
    ['points over the maximum', 0, { points: 101 }, undefined, 'VALIDATION_ERROR', m.pointsInvalid],
    [
      'a title too long',
      0,
      { title: 'x'.repeat(101) },
      undefined,
      'VALIDATION_ERROR',
      m.titleTooLong,
    ],
    ['an unknown board', 0, { points: 1 }, 'nope', 'NOT_FOUND', m.noSuchBoard],
  ])('refuses %s', (_scenario, index, patch, boardId, code, message) => {
    const options = boardId === undefined ? { now: LATER } : { now: LATER, boardId };
    expect(updateCell(twoBoards(), index, patch, options)).toMatchObject({
      ok: false,
      code,
      message,
    });
  });
});

describe('cellPatchError', () => {
  it.each([
    ['zero points are fine', { points: 0 }, null],
    ['an empty title is fine', { title: '' }, null],
    ['infinite points', { points: Number.POSITIVE_INFINITY }, 'points'],
    ['long title', { title: 'y'.repeat(150) }, 'title'],
  ])('%s', (_scenario, patch, field) => {
    expect(cellPatchError(patch)?.field ?? null).toBe(field);
  });
});
