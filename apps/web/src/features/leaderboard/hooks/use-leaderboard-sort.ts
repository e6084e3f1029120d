import { LeaderboardQuerySchema, type LeaderboardQuery } from '@tb/core';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_LEADERBOARD_SORT } from './leaderboard-sort';

/**
 * The sort of the leaderboard, kept in the address (?sort=winrate&direction=asc) so a
 * ranking can be shared and survives a reload. Unknown values fall back to gain, highest first.
 */
export function useLeaderboardSort(): [LeaderboardQuery, (next: LeaderboardQuery) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = LeaderboardQuerySchema.safeParse({
    sort: params.get('sort') ?? undefined,
    direction: params.get('direction') ?? undefined,
  });
  const query = parsed.success ? parsed.data : DEFAULT_LEADERBOARD_SORT;

  const setQuery = useCallback(
    (next: LeaderboardQuery) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('sort', next.sort);
          updated.set('direction', next.direction);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [query, setQuery];
}
