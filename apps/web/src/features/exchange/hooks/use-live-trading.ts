import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserSettings } from '@tb/core';
import { useEffect } from 'react';
import { useSession } from '@/lib/use-session';
import { exchangeMessages, saveUserSettings, userSettingsQueryOptions } from '../api';
import { readLiveTradingEnabled, writeLiveTradingEnabled } from '../exchange-state';

/**
 * Keeps this browser's copy of the live-trading switch equal to the server's, which holds it
 * per user (so it is the same in every browser). The copy lets the first paint show the last
 * known choice; whatever the server answers replaces it (an old browser-only value is not
 * carried over: the switch starts off on the server).
 */
export function useLiveTradingSync(): boolean | undefined {
  const signedIn = useSession() !== null;
  const { data } = useQuery({ ...userSettingsQueryOptions(), enabled: signedIn });
  const fromServer = signedIn ? data?.liveTradingEnabled : undefined;

  useEffect(() => {
    if (typeof fromServer === 'boolean' && fromServer !== readLiveTradingEnabled()) {
      writeLiveTradingEnabled(fromServer);
    }
  }, [fromServer]);
  /** The signed-in user's switch as the server holds it; undefined until it answered. */
  return fromServer;
}

/**
 * Turns live trading on or off for the user: at once in this browser, then on the server.
 * A refused change is undone here and the failure shown.
 */
export function useSetLiveTrading() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => saveUserSettings({ liveTradingEnabled: enabled }),
    onMutate: async (enabled) => {
      const key = userSettingsQueryOptions().queryKey;
      const previous = readLiveTradingEnabled();
      // A read on its way must not put the old value back.
      await client.cancelQueries({ queryKey: key });
      const settings = client.getQueryData<UserSettings>(key);
      writeLiveTradingEnabled(enabled);
      if (settings)
        client.setQueryData<UserSettings>(key, { ...settings, liveTradingEnabled: enabled });
      return { previous, settings };
    },
    onSuccess: (settings) => {
      client.setQueryData<UserSettings>(userSettingsQueryOptions().queryKey, settings);
    },
    onError: (_error, _enabled, context) => {
      if (!context) return;
      writeLiveTradingEnabled(context.previous);
      if (context.settings) {
        client.setQueryData<UserSettings>(userSettingsQueryOptions().queryKey, context.settings);
      }
    },
    meta: { errorMessage: exchangeMessages.saveLiveTrading },
  });
}
