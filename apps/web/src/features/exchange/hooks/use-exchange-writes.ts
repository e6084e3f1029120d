import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ApiKeyRequest,
  ApiKeyUpdateRequest,
  ConnectedExchange,
  ConnectExchangeRequest,
} from '@tb/core';
import { notify } from '@/components/notifications';
import {
  connectExchange,
  createApiKey,
  deleteApiKey,
  exchangeKeys,
  exchangeMessages,
  updateApiKey,
} from '../api';
import { readCurrentExchange, writeCurrentExchange } from '../exchange-state';
import { unlessPremiumRequired } from './premium-required';

/** Keys and connections are two views of the same rows: a change refreshes both. */
function refreshKeysAndConnections(client: QueryClient) {
  void client.invalidateQueries({ queryKey: exchangeKeys.apiKeys });
  void client.invalidateQueries({ queryKey: exchangeKeys.connections });
}

/**
 * POST /api/users/exchanges. The new connection joins the cached list at once (so a current id
 * pointing at it is never taken for a stale one), then the lists are refetched. Resolves to
 * null when the premium lock opened instead.
 */
export function useConnectExchange(errorMessage?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectExchangeRequest) =>
      unlessPremiumRequired(() => connectExchange(body)),
    meta: errorMessage ? { errorMessage } : undefined,
    onSuccess: (result) => {
      const added = result?.exchange;
      if (added) {
        client.setQueryData<ConnectedExchange[]>(exchangeKeys.connections, (old = []) => [
          ...old.filter((c) => c.id !== added.id),
          added,
        ]);
      }
      if (result) refreshKeysAndConnections(client);
    },
  });
}

/** Add (no id) or edit (with id) an API key; success and failure per SPEC.md section 8. */
export function useSaveApiKey(onSaved: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ApiKeyRequest | ApiKeyUpdateRequest }) =>
      unlessPremiumRequired(() => (id ? updateApiKey(id, body) : createApiKey(body))),
    meta: { errorMessage: exchangeMessages.saveKey },
    onSuccess: (result, { id }) => {
      if (!result) return;
      notify(id ? exchangeMessages.keyUpdated : exchangeMessages.keyAdded, 'success');
      refreshKeysAndConnections(client);
      onSaved();
    },
  });
}

/** DELETE /api/api-keys/:id; the current connection is forgotten when it was this one. */
export function useDeleteApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteApiKey(id),
    meta: { errorMessage: exchangeMessages.deleteKey, successMessage: exchangeMessages.keyDeleted },
    onSuccess: (_result, id) => {
      if (readCurrentExchange() === id) writeCurrentExchange(null);
      refreshKeysAndConnections(client);
    },
  });
}
