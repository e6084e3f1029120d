import type { LeaderboardQuery, LeaderboardSortKey } from '@tb/core';

export const DEFAULT_LEADERBOARD_SORT: LeaderboardQuery = { sort: 'gain', direction: 'desc' };

export const sortLabels: Readonly<Record<LeaderboardSortKey, string>> = {
  trades: 'Trades',
  winrate: 'Winrate',
  gain: 'Gain',
  rr: 'Avg R',
};

/** Clicking the active sort flips its direction; another sort starts highest first. */
export function nextSort(current: LeaderboardQuery, key: LeaderboardSortKey): LeaderboardQuery {
  if (current.sort !== key) return { sort: key, direction: 'desc' };
  return { sort: key, direction: current.direction === 'desc' ? 'asc' : 'desc' };
}

/** 'highest first' / 'lowest first', for captions and screen readers. */
export function directionWords(direction: LeaderboardQuery['direction']): string {
  return direction === 'desc' ? 'highest first' : 'lowest first';
}
