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
});
