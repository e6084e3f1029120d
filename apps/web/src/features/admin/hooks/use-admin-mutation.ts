import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { authKeys, meQueryOptions } from '@/features/auth';
import { adminKeys } from '../api';

/**
 * After any admin change: the user list, the counts, the audit log and open subscriptions
 * are refetched; when the admin changed their own account, their `me` too (premium, name).
 */
export function refreshAfterAdminChange(client: QueryClient, userId: string) {
  void client.invalidateQueries({ queryKey: adminKeys.all });
  if (client.getQueryData(meQueryOptions().queryKey)?.id === userId) {
    void client.invalidateQueries({ queryKey: authKeys.me });
  }
}

/**
 * An admin mutation (notifications come from its meta) that refreshes what it changed once it
 * settles: even a refusal (a user deleted meanwhile) means the list may be stale.
 */
export function useAdminMutation<TData, TVars extends { userId: string }>(
  options: UseMutationOptions<TData, Error, TVars>,
  onSuccess?: (data: TData, variables: TVars) => void,
) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    onSuccess: (data, variables) => onSuccess?.(data, variables),
    onSettled: (_data, _error, variables) => refreshAfterAdminChange(client, variables.userId),
  });
}
