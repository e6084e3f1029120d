import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '@tb/core';
import { meQueryOptions } from '@/features/auth';
import { browserTimeZone } from '@/lib/time-zone';
import { useJournalMode } from './use-journal-mode';

/**
 * The IANA zone the trading day is read in (DESIGN.md section 7): the signed-in user's
 * `timeZone` from GET /api/users/me, the browser's for anonymous users.
 */
export function useTradingTimeZone(): string {
  const { signedIn } = useJournalMode();
  const { data } = useQuery({
    ...meQueryOptions(),
    enabled: signedIn,
    select: (user) => user.timeZone,
  });
  if (!signedIn) return browserTimeZone();
  return data && isValidTimeZone(data) ? data : DEFAULT_TIME_ZONE;
}
