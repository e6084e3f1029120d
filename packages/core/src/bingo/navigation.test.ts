import { describe, expect, it } from 'vitest';
import { premiumLockTexts } from '../plans/premium-lock.js';
import type { BingoState } from '../schemas/bingo.js';
import { createBoard, defaultBingoState } from './board.js';
import { boardMessages as m } from './limits.js';
import {
  addBoard,
  canAddBoard,
  canDeleteBoard,
  canGoToNextBoard,
  canGoToPreviousBoard,
  deleteBoard,
  goToNextBoard,
  goToPreviousBoard,
  renameBoard,
  selectBoard,
} from './navigation.js';

const T0 = Date.parse('2025-03-10T12:00:00Z');
const premium = { isPremium: true, now: T0 };
const free = { isPremium: false, now: T0 };
const one = () => defaultBingoState('b1', T0);
const three = (current = 0): BingoState => ({
  ...one(),
  bingoPages: [...one().bingoPages, createBoard('b2', 'Board 2'), createBoard('b3', 'Board 3')],
  currentPageIndex: current,
});
const names = (s: BingoState) => s.bingoPages.map((b) => b.name);
const value = <T>(r: { ok: true; value: T } | { ok: false; message: string }): T => {
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

describe('previous / next', () => {
  it('previous is disabled on the first board and moves back otherwise', () => {
    expect(canGoToPreviousBoard(three(0))).toBe(false);
    expect(goToPreviousBoard(three(0), T0).currentPageIndex).toBe(0);
    expect(goToPreviousBoard(three(2), T0).currentPageIndex).toBe(1);
  });

  it('next moves on while there is a next board', () => {
    expect(canGoToNextBoard(three(1))).toBe(true);
    expect(value(goToNextBoard(three(1), 'new', premium)).currentPageIndex).toBe(2);
  });

  it('next at the last board adds "Board N" for premium users', () => {
    expect(canGoToNextBoard(three(2))).toBe(false);
    const next = value(goToNextBoard(three(2), 'b4', premium));
    expect(names(next)).toEqual(['Default Board', 'Board 2', 'Board 3', 'Board 4']);
    expect(next.currentPageIndex).toBe(3);
  });

  it('next at the last board opens the premium lock for free users', () => {
    expect(goToNextBoard(one(), 'b2', free)).toEqual({
      ok: false,
      code: 'PREMIUM_REQUIRED',
      message: premiumLockTexts.boardsMessage,
    });
  });

  it('selectBoard refuses a board that does not exist and keeps the object when unchanged', () => {
    expect(selectBoard(three(), 7, T0)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    const state = three(1);
    expect(value(selectBoard(state, 1, T0))).toBe(state);
    expect(value(selectBoard(state, 2, T0)).currentPageIndex).toBe(2);
  });
});

describe('addBoard / canAddBoard', () => {
  it('free users keep one board; premium users up to 100', () => {
    expect(canAddBoard(one(), false)).toBe(false);
    expect(canAddBoard(one(), true)).toBe(true);
    const hundred = {
      ...one(),
      bingoPages: Array.from({ length: 100 }, (_, i) => createBoard(`b${i}`, `Board ${i}`)),
    };
    expect(canAddBoard(hundred, true)).toBe(false);
    expect(addBoard(hundred, 'x', premium)).toMatchObject({
      ok: false,
      code: 'VALIDATION_ERROR',
      message: m.tooManyBoards,
    });
  });
});

describe('deleteBoard / canDeleteBoard', () => {
  it.each([
    ['the only board', one(), 0, false, false],
    ['the first board from the navigation', three(), 0, true, false],
    ['the first board elsewhere', three(), 0, false, true],
    ['a later board from the navigation', three(), 2, true, true],
    ['a board that does not exist', three(), 5, false, false],
  ])('%s', (_scenario, state, index, fromNavigation, allowed) => {
    expect(canDeleteBoard(state, index, fromNavigation)).toBe(allowed);
  });

  it.each([
    ['deleting the current last board shows the new last one', 2, 2, 1],
    ['deleting a board before the current one keeps the current board', 2, 0, 1],
    ['deleting the current middle board shows the board that took its place', 1, 1, 1],
  ])('%s', (_scenario, current, index, expectedIndex) => {
    const before = three(current);
    const after = value(deleteBoard(before, index, premium));
    expect(after.bingoPages).toHaveLength(2);
    expect(after.currentPageIndex).toBe(expectedIndex);
  });

  it('refuses the only board, the first from navigation, free users and unknown boards', () => {
    expect(deleteBoard(one(), 0, premium)).toMatchObject({ ok: false, message: m.lastBoard });
    expect(deleteBoard(three(), 0, { ...premium, fromNavigation: true })).toMatchObject({
      ok: false,
      message: m.firstBoard,
    });
    expect(deleteBoard(three(), 1, free)).toMatchObject({ ok: false, code: 'PREMIUM_REQUIRED' });
    expect(deleteBoard(three(), 9, premium)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });
});

describe('renameBoard', () => {
  it('saves a trimmed new name', () => {
    expect(names(value(renameBoard(three(), 1, '  Scalps  ', premium)))[1]).toBe('Scalps');
  });

  it('an unchanged name (after trimming) returns the same state, even for free users', () => {
    const state = one();
    expect(value(renameBoard(state, 0, ' Default Board ', free))).toBe(state);
  });

  it.each([
    ['empty', '   ', premium, 'VALIDATION_ERROR', m.nameRequired],
    ['too long', 'n'.repeat(51), premium, 'VALIDATION_ERROR', m.nameTooLong],
    ['by a free user', 'Mine', free, 'PREMIUM_REQUIRED', premiumLockTexts.boardsMessage],
  ])('refuses a name %s', (_scenario, name, actor, code, message) => {
    expect(renameBoard(one(), 0, name, actor)).toMatchObject({ ok: false, code, message });
  });

  it('refuses an unknown board', () => {
    expect(renameBoard(one(), 3, 'x', premium)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });
});
