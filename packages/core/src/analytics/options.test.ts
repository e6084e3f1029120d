import { describe, expect, it } from 'vitest';
import { trade } from './fixture.test-data.js';
import { filterOptions } from './options.js';

describe('filterOptions', () => {
  it('lists pairs alphabetically and boards by name, each named as in its latest opening', () => {
    const options = filterOptions([
      trade({
        id: '1',
        pair: 'SOLUSDT',
        boardId: 'b2',
        boardName: 'Old name',
        openedAt: '2026-01-01T00:00:00.000Z',
      }),
      trade({
        id: '2',
        pair: 'BTCUSDT',
        boardId: 'b2',
        boardName: 'Swing',
        openedAt: '2026-02-01T00:00:00.000Z',
      }),
      trade({
        id: '3',
        pair: 'BTCUSDT',
        boardId: 'b1',
        boardName: 'Scalp',
        openedAt: '2026-01-15T00:00:00.000Z',
      }),
      trade({ id: '4', pair: 'ETHUSDT', boardId: null }),
    ]);
    expect(options).toEqual({
      pairs: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'],
      boards: [
        { id: 'b1', name: 'Scalp' },
        { id: 'b2', name: 'Swing' },
      ],
    });
  });

  it('offers nothing without trades', () => {
    expect(filterOptions([])).toEqual({ pairs: [], boards: [] });
  });

  it('names boards as they are now; a deleted board says so and is never listed twice', () => {
    const trades = [
      trade({ id: '1', boardId: 'old', boardName: 'Scalps' }),
      trade({ id: '2', boardId: 'new', boardName: 'Scalps' }),
      trade({ id: '3', boardId: 'gone', boardName: 'Scalps' }),
      trade({ id: '4', boardId: 'renamed', boardName: 'Swing' }),
    ];
    const current = [
      { id: 'new', name: 'Scalps' },
      { id: 'renamed', name: 'Swing v2' },
      { id: 'unused', name: 'Unused' },
    ];
    expect(filterOptions(trades, current).boards).toEqual([
      { id: 'new', name: 'Scalps' },
      { id: 'gone', name: 'Scalps (deleted)' },
      { id: 'old', name: 'Scalps (deleted) 2' },
      { id: 'renamed', name: 'Swing v2' },
    ]);
  });
});
