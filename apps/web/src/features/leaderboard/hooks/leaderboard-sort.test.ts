import { describe, expect, it } from 'vitest';
import { directionWords, nextSort } from './leaderboard-sort';

describe('nextSort', () => {
  it('starts a new sort highest first', () => {
    expect(nextSort({ sort: 'gain', direction: 'asc' }, 'rr')).toEqual({
      sort: 'rr',
      direction: 'desc',
    });
  });

  it('flips the direction of the active sort', () => {
    expect(nextSort({ sort: 'gain', direction: 'desc' }, 'gain')).toEqual({
      sort: 'gain',
      direction: 'asc',
    });
    expect(nextSort({ sort: 'gain', direction: 'asc' }, 'gain')).toEqual({
      sort: 'gain',
      direction: 'desc',
    });
  });

  it('words the direction', () => {
    expect(directionWords('desc')).toBe('highest first');
    expect(directionWords('asc')).toBe('lowest first');
  });
});
