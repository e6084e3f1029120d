import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '@tb/core';
import { meQueryOptions } from '@/features/auth';
import { useJournalMode } from './use-journal-mode';

/** The zone of this browser, the trading day of anonymous users (UTC if it cannot be read). */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

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
