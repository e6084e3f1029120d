import { queryOptions } from '@tanstack/react-query';
import type { MessageResponse } from '@tb/core';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/auth/verify-email/:token. The token is single use, so the answer is kept for the
 * life of the page and never fetched again.
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email', token] as const,
    queryFn: ({ signal }) =>
      apiRequest<MessageResponse>(`/auth/verify-email/${encodeURIComponent(token)}`, {
        signal,
        token: null,
      }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
