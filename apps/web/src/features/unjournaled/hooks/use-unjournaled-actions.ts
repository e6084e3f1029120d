import { useMutation, useQueryClient } from '@tanstack/react-query';
import { journalKeys } from '@/features/journal';
import {
  attachTrip,
  dismissTrip,
  importTrip,
  unjournaledKeys,
  unjournaledTexts,
  type AttachTripRequest,
  type ImportTripRequest,
} from '../api';

/**
 * Import and attach change the journal: the trades and the risk state are read again (the
 * sidebar's streak and counters follow), and the list.
 */
function useRefreshAfterJournalWrite() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: journalKeys.trades }),
      client.invalidateQueries({ queryKey: journalKeys.risk }),
      client.invalidateQueries(unjournaledKeys.filter),
    ]);
}

/**
 * POST /api/exchange/unjournaled/import. Its dialog shows a failure (the server's message),
 * so the query client does not notify it a second time.
 */
export function useImportTrip() {
  const refresh = useRefreshAfterJournalWrite();
  return useMutation({
    mutationFn: (body: ImportTripRequest) => importTrip(body),
    meta: { successMessage: unjournaledTexts.imported },
    onSuccess: () => void refresh(),
  });
}

/** POST /api/exchange/unjournaled/attach; like import, failures show in its dialog. */
export function useAttachTrip() {
  const refresh = useRefreshAfterJournalWrite();
  return useMutation({
    mutationFn: (body: AttachTripRequest) => attachTrip(body),
    meta: { successMessage: unjournaledTexts.attached },
    onSuccess: () => void refresh(),
  });
}

/** POST /api/exchange/unjournaled/dismiss: no dialog of its own, so the outcome is notified. */
export function useDismissTrip() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tids: number[]) => dismissTrip(tids),
    meta: {
      successMessage: unjournaledTexts.dismissed,
      errorMessage: unjournaledTexts.dismissFailed,
    },
    onSettled: () => client.invalidateQueries(unjournaledKeys.filter),
  });
}
