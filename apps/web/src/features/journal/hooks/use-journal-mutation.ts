import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isApiError } from '@/lib/api-error';
import { openPremiumLock } from '../premium-lock-store';

/**
 * A journal write through TanStack Query, so failures reach the one error→notification place
 * (`meta.errorMessage`, the server's message first). A 403 PREMIUM_REQUIRED opens the premium
 * lock instead of a notification. `onFailure` undoes an optimistic change.
 * The returned function is stable and resolves to undefined on failure.
 */
export function useJournalMutation<V, R>(
  request: (variables: V) => Promise<R>,
  errorMessage: string,
  onFailure?: () => void,
): (variables: V) => Promise<R | undefined> {
  const { mutateAsync } = useMutation({
    mutationFn: async (variables: V) => {
      try {
        return await request(variables);
      } catch (error) {
        onFailure?.();
        if (isApiError(error) && error.code === 'PREMIUM_REQUIRED') {
          openPremiumLock(error.message);
          return undefined;
        }
        throw error;
      }
    },
    meta: { errorMessage },
  });
  return useCallback(
    (variables: V) => mutateAsync(variables).catch(() => undefined),
    [mutateAsync],
  );
}
