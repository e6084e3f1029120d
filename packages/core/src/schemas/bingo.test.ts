import { describe, expect, it } from 'vitest';
import { createBoard, defaultBingoState } from '../bingo/board.js';
import {
  BingoCardResponseSchema,
  BingoStateSchema,
  CellIndexParamsSchema,
  PatchCellRequestSchema,
  SaveBingoCardRequestSchema,
} from './bingo.js';

const T0 = Date.parse('2025-03-10T12:00:00Z');
const state = () => defaultBingoState('b1', T0);
const firstMessage = (input: unknown) =>
  BingoStateSchema.safeParse(input).error?.issues[0]?.message;

describe('BingoStateSchema', () => {
  it('fills in the 2.0 format marker when a client omits it', () => {
    const { formatVersion: _f, ...withoutMarker } = state();
    expect(SaveBingoCardRequestSchema.parse(withoutMarker).formatVersion).toBe('2.0');
  });

  it('wraps in the card response', () => {
    expect(
      BingoCardResponseSchema.safeParse({ success: true, data: state(), message: 'ok' }).success,
    ).toBe(true);
  });

  it.each([
    [
      '24 cells',
      (s: ReturnType<typeof state>) => s.bingoPages[0]?.bingoCells.pop(),
      'A board has exactly 25 cells',
    ],
    [
      'cells out of order',
      (s: ReturnType<typeof state>) => {
        const cells = s.bingoPages[0]?.bingoCells;
        if (cells?.[0]) cells[0].id = 3;
      },
      'Cell ids must run from 0 to 24 in order',
    ],
    [
      'negative points',
      (s: ReturnType<typeof state>) => {
        const cell = s.bingoPages[0]?.bingoCells[2];
        if (cell) cell.points = -1;
      },
      'Points must be a number from 0 to 100',
    ],
    [
      'a blank board name',
      (s: ReturnType<typeof state>) => {
        if (s.bingoPages[0]) s.bingoPages[0].name = '   ';
      },
      'Board name cannot be empty',
    ],
    [
      'no boards',
      (s: ReturnType<typeof state>) => s.bingoPages.splice(0),
      'At least one board is required',
    ],
    [
      'a current page past the end',
      (s: ReturnType<typeof state>) => {
        s.currentPageIndex = 1;
      },
      'Current page must be one of the boards',
    ],
    [
      'duplicate board ids',
      (s: ReturnType<typeof state>) => s.bingoPages.push(createBoard('b1', 'Board 2')),
      'Board ids must be unique',
    ],
    [
      'a wrong format marker',
      (s: ReturnType<typeof state>) => {
        (s as { formatVersion: string }).formatVersion = '1.0';
      },
      undefined,
    ],
    [
      'a negative version',
      (s: ReturnType<typeof state>) => {
        s.version = -1;
      },
      'Version must be at least 0',
    ],
  ])('refuses %s', (_scenario, mutate, message) => {
    const input = state();
    mutate(input);
    const result = BingoStateSchema.safeParse(input);
    expect(result.success).toBe(false);
    if (message) expect(firstMessage(input)).toBe(message);
  });
});

describe('cell patch', () => {
  it.each([
    ['0', 0],
    ['24', 24],
  ])('index %s is a cell', (index, expected) => {
    expect(CellIndexParamsSchema.parse({ index })).toEqual({ index: expected });
  });

  it.each(['25', '-1', '1.5', 'x', '', ' ', ' 3', '0x1', '1e1'])(
    'index %j is refused with one clear message',
    (index) => {
      expect(CellIndexParamsSchema.safeParse({ index }).error?.issues[0]?.message).toBe(
        'A board has cells 0 to 24',
      );
    },
  );

  it('accepts a partial cell and an optional board id', () => {
    expect(PatchCellRequestSchema.parse({ cell: { selected: true }, boardId: 'b2' })).toEqual({
      cell: { selected: true },
      boardId: 'b2',
    });
  });

  it('refuses an empty patch', () => {
    expect(PatchCellRequestSchema.safeParse({ cell: {} }).error?.issues[0]?.message).toBe(
      'Nothing to change: send title, points, selected or script',
    );
  });
});
