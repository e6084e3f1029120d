import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  applyRiskSettings,
  defaultRiskState,
  resetStoplossCounter,
  riskStateForDay,
  tradeSizing,
  type RiskSettingsRequest,
  type RiskState,
  type TradeSizing,
} from '@tb/core';
import { useCallback, useMemo } from 'react';
import {
  journalKeys,
  journalMessages,
  resetStoplossRequest,
  riskQueryOptions,
  riskSettingsRequest,
} from '../api';
import { updateLocalJournal, useLocalJournal } from '../local-store';
import { useJournalMode } from './use-journal-mode';
import { useJournalMutation } from './use-journal-mutation';

/** The stored state as it stands today: a new trading day restarts the daily counters. */
function asOfToday(stored: RiskState | undefined): RiskState {
  const now = Date.now();
  return riskStateForDay(stored ?? defaultRiskState(now), now);
}

export interface RiskView {
  /** The risk state rolled over to today (slTaken and daily counters restart each day). */
  risk: RiskState;
  sizing: TradeSizing;
  isLoading: boolean;
  /** "Did you touch some grass? Yes": the stoploss counter back to 0. */
  resetStoploss: () => void;
  /** The user's account size and base trade size, in dollars (validated by the caller). */
  updateSettings: (settings: RiskSettingsRequest) => void;
}

/** The risk state and its actions, from the server when signed in, else from the browser. */
export function useRisk(): RiskView {
  const { signedIn } = useJournalMode();
  const client = useQueryClient();
  const local = useLocalJournal((j) => j.risk);
  const query = useQuery({ ...riskQueryOptions(), enabled: signedIn });
  // SPEC.md section 8: a failed risk fetch falls back to the defaults (10000 / 1000).
  const stored = signedIn
    ? (query.data ?? (query.isError ? defaultRiskState(0) : undefined))
    : local;
  // The server rolls a signed-in user's state over in their own time zone; the browser's copy
  // rolls over at UTC midnight.
  const risk = useMemo(
    () => (signedIn ? (stored ?? defaultRiskState(0)) : asOfToday(stored)),
    [signedIn, stored],
  );
  const sizing = useMemo(
    () =>
      tradeSizing({
        streak: risk.tradeStreak,
        accountSizeUsd: risk.accountSize,
        baseTradeSizeUsd: risk.baseTradeSize,
      }),
    [risk],
  );
  const runReset = useJournalMutation(async () => {
    const next = await resetStoplossRequest();
    client.setQueryData(journalKeys.risk, next);
    return next;
  }, journalMessages.resetSl);
  const resetStoploss = useCallback(() => {
    if (signedIn) void runReset(undefined);
    else updateLocalJournal((j) => ({ risk: resetStoplossCounter(j.risk, Date.now()) }));
  }, [signedIn, runReset]);

  const runSettings = useJournalMutation(async (body: RiskSettingsRequest) => {
    const next = await riskSettingsRequest(body);
    client.setQueryData(journalKeys.risk, next);
    return next;
  }, journalMessages.saveSettings);
  const updateSettings = useCallback(
    (body: RiskSettingsRequest) => {
      if (signedIn) void runSettings(body);
      else updateLocalJournal((j) => ({ risk: applyRiskSettings(j.risk, body, Date.now()) }));
    },
    [signedIn, runSettings],
  );

  return { risk, sizing, isLoading: signedIn && query.isPending, resetStoploss, updateSettings };
}
