import type { QueryClient } from '@tanstack/react-query';
import { clearSession, readSession, sessionLooksValid } from '@/lib/session';
import { meQueryOptions } from '../api';

/**
 * On start: an expired stored session is cleared without a call; one that looks valid is
 * checked with GET /api/users/me (a 401 there clears it, in the query client's error handler).
 */
export function checkStoredSession(queryClient: QueryClient, now: Date): void {
  const session = readSession();
  if (!session) return;
  if (!sessionLooksValid(session, now)) {
    clearSession(now);
    return;
  }
  void queryClient.prefetchQuery(meQueryOptions());
}
