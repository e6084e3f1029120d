import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LeaderboardQuery, LeaderboardUser } from '@tb/core';
import { apiRequest } from '@/lib/api-client';

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  list: (query: LeaderboardQuery) => ['leaderboard', query.sort, query.direction] as const,
};

/**
 * GET /api/leaderboard?sort=&direction=. While another sort loads, the previous rows stay
 * on screen (placeholder) so the table does not flash.
 */
export const leaderboardQueryOptions = (query: LeaderboardQuery) =>
  queryOptions({
    queryKey: leaderboardKeys.list(query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ sort: query.sort, direction: query.direction });
      return apiRequest<LeaderboardUser[]>(`/leaderboard?${params.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
