import { describe, expect, it } from 'vitest';
import { premiumLockTexts } from '../plans/premium-lock.js';
import type { BingoState } from '../schemas/bingo.js';
import { createBoard, defaultBingoState } from './board.js';
import { boardMessages as m } from './limits.js';
import { acceptBingoSave, freeTierViolation } from './saving.js';

const T0 = Date.parse('2025-03-10T12:00:00Z');
const stored = (version: number, names = ['Default Board']): BingoState => ({
  ...defaultBingoState('b0', T0),
  bingoPages: names.map((name, i) => createBoard(`b${i}`, name)),
  version,
});

describe('acceptBingoSave', () => {
  it('accepts a first save at version 0 and returns version 1', () => {
    expect(acceptBingoSave(null, stored(0), false)).toMatchObject({
      ok: true,
      value: { version: 1 },
    });
  });

  it('accepts a save based on the stored version and bumps it', () => {
    expect(acceptBingoSave(stored(4), stored(4), true)).toMatchObject({
      ok: true,
      value: { version: 5 },
    });
  });

  it('refuses a stale version with STALE_VERSION', () => {
    expect(acceptBingoSave(stored(5), stored(4), true)).toEqual({
      ok: false,
      code: 'STALE_VERSION',
      message: m.staleVersion,
      field: 'version',
    });
  });

  it('refuses a second board from a free user with PREMIUM_REQUIRED', () => {
    expect(
      acceptBingoSave(stored(1), stored(1, ['Default Board', 'Board 2']), false),
    ).toMatchObject({
      ok: false,
      code: 'PREMIUM_REQUIRED',
    });
  });
});

describe('freeTierViolation', () => {
  it.each([
    ['one default board', null, ['Default Board'], null],
    ['the legacy "Board 1" name on a first save', null, ['Board 1'], null],
    ['a custom name on a first save', null, ['My board'], premiumLockTexts.boardsMessage],
    [
      'a rename of the stored board',
      ['Default Board'],
      ['Renamed'],
      premiumLockTexts.boardsMessage,
    ],
    [
      'a second board',
      ['Default Board'],
      ['Default Board', 'Board 2'],
      premiumLockTexts.boardsMessage,
    ],
    ['a lapsed premium user keeping three boards', ['A', 'B', 'C'], ['A', 'B', 'C'], null],
    ['a lapsed premium user deleting down to two', ['A', 'B', 'C'], ['A', 'B'], null],
  ])('%s', (_scenario, current, incoming, expected) => {
    expect(freeTierViolation(current ? stored(0, current) : null, stored(0, incoming))).toBe(
      expected,
    );
  });
});
