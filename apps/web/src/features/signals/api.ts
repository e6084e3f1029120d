import { queryOptions } from '@tanstack/react-query';
import type { SignalSettingsRequest, SignalSettingsResponse } from '@tb/core';
import { apiRequest } from '@/lib/api-client';

/** Query keys of the signals settings. */
export const signalsKeys = {
  settings: ['signals', 'settings'] as const,
};

/** Texts of the panel that the server does not send (SPEC.md section 8 sends the rest). */
export const signalsMessages = {
  load: 'Failed to load signal settings',
  save: 'Failed to save signal settings',
  testFailed: 'Failed to send test signals',
} as const;

/** PUT /api/signals/settings answer. */
export interface SaveSignalSettingsResponse {
  settings: SignalSettingsResponse;
  message: string;
}

/** POST /api/signals/test answer: the headline and what was sent in place of missing data. */
export interface TestSignalsResponse {
  message: string;
  notes: string[];
}

/** GET /api/signals/settings: the webhook URL only in masked form. */
export const signalSettingsQueryOptions = () =>
  queryOptions({
    queryKey: signalsKeys.settings,
    queryFn: ({ signal }) => apiRequest<SignalSettingsResponse>('/signals/settings', { signal }),
    // The form is seeded from this once; a background refetch must not reset what is typed.
    staleTime: Infinity,
  });

/** PUT /api/signals/settings; `webhookUrl` absent keeps the stored URL. */
export const saveSignalSettings = (body: SignalSettingsRequest) =>
  apiRequest<SaveSignalSettingsResponse>('/signals/settings', { method: 'PUT', body });

/** POST /api/signals/test: sends the positions and orders tables to the saved webhook. */
export const sendTestSignals = () =>
  apiRequest<TestSignalsResponse>('/signals/test', { method: 'POST' });
