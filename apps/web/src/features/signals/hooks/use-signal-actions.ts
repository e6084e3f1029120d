import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TIMERS_MS, type SignalSettingsRequest, type SignalSettingsResponse } from '@tb/core';
import { useState } from 'react';
import { notify, type NotificationTone } from '@/components/notifications';
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
 * Signal notifications stay 5 s (SPEC.md section 4), longer than the 3 s the query client's
 * meta notifications last, so this panel notifies itself instead of using `meta`.
 */
export function notifySignal(message: string, tone: NotificationTone): void {
  notify(message, tone, TIMERS_MS.signalNotification);
}

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

/** Save and test of the signals panel, with their 5 s notifications. */
export function useSignalActions(): SignalActions {
  const client = useQueryClient();
  const [lastTest, setLastTest] = useState<TestSignalsResponse | null>(null);

  const saved = (res: SaveSignalSettingsResponse, onSaved: OnSaved) => {
    client.setQueryData(signalsKeys.settings, res.settings);
    notifySignal(res.message, 'success');
    onSaved(res.settings);
  };

  const save = useMutation({
    mutationFn: ({ body }: { body: SignalSettingsRequest; onSaved: OnSaved }) =>
      saveSignalSettings(body),
    onSuccess: (res, { onSaved }) => saved(res, onSaved),
    onError: (error) => notifySignal(errorMessage(error, signalsMessages.save), 'error'),
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
          saved(await saveSignalSettings(unsaved), onSaved);
        } catch (error) {
          notifySignal(errorMessage(error, signalsMessages.save), 'error');
          return null;
        }
      }
      return sendTestSignals();
    },
    onSuccess: (res) => {
      if (!res) return;
      setLastTest(res);
      notifySignal(res.message, 'success');
      for (const note of res.notes) notifySignal(note, 'info');
    },
    onError: (error) => notifySignal(testFailureMessage(error), 'error'),
  });

  return {
    save: (body, onSaved) => save.mutate({ body, onSaved }),
    test: (unsaved, onSaved) => test.mutate({ unsaved, onSaved }),
    saving: save.isPending,
    testing: test.isPending,
    lastTest,
  };
}
