import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LeaderboardQuery, LeaderboardUser } from '@tb/core';
import { apiRequest } from '@/lib/api-client';

/** The sort, and which results count: verified ones, or the self-reported ones. */
export type BoardQuery = LeaderboardQuery & { verified: boolean };

/**
 * A row; `verified` is true when every closed trade of the row was closed by exchange fills
 * (optional here so rows of a server without the field still read).
 */
export type LeaderboardEntry = LeaderboardUser & { verified?: boolean };

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  list: (query: BoardQuery) =>
    ['leaderboard', query.sort, query.direction, query.verified] as const,
};

/**
 * GET /api/leaderboard?sort=&direction=&verified=true|false. While another sort loads, the
 * previous rows stay on screen (placeholder) so the table does not flash.
 */
export const leaderboardQueryOptions = (query: BoardQuery) =>
  queryOptions({
    queryKey: leaderboardKeys.list(query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ sort: query.sort, direction: query.direction });
      params.set('verified', String(query.verified));
      return apiRequest<LeaderboardEntry[]>(`/leaderboard?${params.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
