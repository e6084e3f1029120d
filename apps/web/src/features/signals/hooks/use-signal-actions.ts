import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TIMERS_MS, type SignalSettingsRequest, type SignalSettingsResponse } from '@tb/core';
import { useState } from 'react';
import type { RequestMeta } from '@/app/query-client';
import { errorMessage } from '@/lib/api-error';
import {
  saveSignalSettings,
  sendTestSignals,
  signalsKeys,
  signalsMessages,
  type SaveSignalSettingsResponse,
  type TestSignalsResponse,
} from '../api';

/**
 * Signal notifications stay 5 s (SPEC.md section 4), longer than the query client's default
 * 3 s: the panel's mutations say so in their `meta`, and the query client notifies.
 */
export const signalNotificationMeta = {
  notificationMs: TIMERS_MS.signalNotification,
} as const satisfies RequestMeta;

/** 'Failed to send test signals: {reason}' (SPEC.md section 8), whatever the failure. */
export function testFailureMessage(error: unknown): string {
  const reason = errorMessage(error, error instanceof Error ? error.message : 'Unknown error');
  return reason.startsWith(signalsMessages.testFailed)
    ? reason
    : `${signalsMessages.testFailed}: ${reason}`;
}

/** Called with what the server kept after a save. */
export type OnSaved = (settings: SignalSettingsResponse) => void;

export interface SignalActions {
  save: (body: SignalSettingsRequest, onSaved: OnSaved) => void;
  /**
   * Sends test signals. With `unsaved` (a typed URL), saves the form first: the server sends
   * to the stored URL only.
   */
  test: (unsaved: SignalSettingsRequest | null, onSaved: OnSaved) => void;
  saving: boolean;
  testing: boolean;
  /** The answer of the last successful test, shown under the buttons. */
  lastTest: TestSignalsResponse | null;
}

/** Save: the server's message on success; its message or 'Failed to save signal settings'. */
const saveMeta: RequestMeta = {
  ...signalNotificationMeta,
  successMessage: (res) => (res as SaveSignalSettingsResponse).message,
  errorMessage: signalsMessages.save,
};

/** Test: the headline and each note; 'Failed to send test signals: {reason}' on failure. */
const testMeta: RequestMeta = {
  ...signalNotificationMeta,
  successMessage: (res) => {
    const answer = res as TestSignalsResponse | null;
    if (!answer) return null; // the save before it failed, and said so
    return [
      { message: answer.message, tone: 'success' },
      ...answer.notes.map((note) => ({ message: note, tone: 'info' as const })),
    ];
  },
  errorMessage: testFailureMessage,
};

/** Save and test of the signals panel; their 5 s notifications come from the query client. */
export function useSignalActions(): SignalActions {
  const client = useQueryClient();
  const [lastTest, setLastTest] = useState<TestSignalsResponse | null>(null);

  const save = useMutation({
    mutationFn: ({ body }: { body: SignalSettingsRequest; onSaved: OnSaved }) =>
      saveSignalSettings(body),
    meta: saveMeta,
    onSuccess: (res, { onSaved }) => {
      client.setQueryData(signalsKeys.settings, res.settings);
      onSaved(res.settings);
    },
  });

  const test = useMutation({
    mutationFn: async ({
      unsaved,
      onSaved,
    }: {
      unsaved: SignalSettingsRequest | null;
      onSaved: OnSaved;
    }) => {
      if (unsaved) {
        try {
          await save.mutateAsync({ body: unsaved, onSaved });
        } catch {
          return null; // notified by the save's own meta
        }
      }
      return sendTestSignals();
    },
    meta: testMeta,
    onSuccess: (res) => {
      if (res) setLastTest(res);
    },
  });

  return {
    save: (body, onSaved) => save.mutate({ body, onSaved }),
    test: (unsaved, onSaved) => test.mutate({ unsaved, onSaved }),
    saving: save.isPending,
    testing: test.isPending,
    lastTest,
  };
}
