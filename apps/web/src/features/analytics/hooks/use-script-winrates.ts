import { useQuery } from '@tanstack/react-query';
import type { ScriptCellWinRatesResponse } from '@tb/core';
import { useJournalMode } from '@/features/journal';
import { isApiError } from '@/lib/api-error';
import { scriptWinRatesQueryOptions } from '../api';

/** What the "Script cells across all traders" card shows. */
export type ScriptWinRatesView =
  | { kind: 'loading' }
  /** Not the annual plan (the server said PREMIUM_REQUIRED), or not premium at all: the lock. */
  | { kind: 'locked' }
  | { kind: 'error'; error: unknown; retry: () => void; retrying: boolean }
  | { kind: 'ready'; data: ScriptCellWinRatesResponse };

/**
 * The case winrate for a trader whose plan has it; the lock for any other. A premium trader
 * always asks: the server alone knows whether premium granted by an admin stands above the
 * plan the profile shows (it counts as annual), and its 403 PREMIUM_REQUIRED is the lock.
 */
export function useScriptWinRates(): ScriptWinRatesView {
  const { isPremium } = useJournalMode();
  const query = useQuery({ ...scriptWinRatesQueryOptions(), enabled: isPremium });
  const refused =
    query.isError && isApiError(query.error) && query.error.code === 'PREMIUM_REQUIRED';
  if (!isPremium || refused) return { kind: 'locked' };
  if (query.data) return { kind: 'ready', data: query.data };
  if (query.isError) {
    return {
      kind: 'error',
      error: query.error,
      retry: () => void query.refetch(),
      retrying: query.isFetching,
    };
  }
  return { kind: 'loading' };
}
