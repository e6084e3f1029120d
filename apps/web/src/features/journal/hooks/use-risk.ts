import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  applyRiskSettings,
  defaultRiskState,
  sessionLock,
  touchGrass,
  tradeSizing,
  type RiskSettingsRequest,
  type RiskState,
  type SessionLock,
  type TradeSizing,
} from '@tb/core';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { isApiError } from '@/lib/api-error';
import { useNow } from '@/lib/use-now';
import {
  journalKeys,
  journalMessages,
  resetStoplossRequest,
  riskQueryOptions,
  riskSettingsRequest,
  tradesQueryOptions,
  workingLiveTrades,
} from '../api';
import { liveRefreshMs, useJournalStreamConnected } from '../journal-stream';
import { readLocalJournal, updateLocalJournal, useLocalJournal } from '../local-store';
import { useJournalMode } from './use-journal-mode';
import { useJournalMutation } from './use-journal-mutation';
import { browserTimeZone } from '@/lib/time-zone';
import { useTradingTimeZone } from './use-trading-time-zone';

/** SPEC.md section 8: a failed (or not yet answered) risk fetch shows the defaults. */
const FALLBACK_RISK = defaultRiskState(0);

export interface RiskView {
  /** The risk state rolled over to today's trading day (slTaken and daily counters restart). */
  risk: RiskState;
  /** Core's session lock of that state: open, or ended with its reason and reopening. */
  lock: SessionLock;
  /** The IANA zone of the trading day. */
  timeZone: string;
  /**
   * When the server's risk state shown was read (epoch ms; 0 for the browser's journal and
   * before the first answer): tells a state read after some event from one read before it.
   */
  serverReadAt: number;
  /** Sizing from the stored account and base trade size (no exchange balance). */
  sizing: TradeSizing;
  isLoading: boolean;
  /**
   * "Did you touch some grass? Yes": the stoploss counter back to 0 once the cooldown has
   * passed. Resolves to null when it was reset, else to why not ('Not yet — …').
   */
  resetStoploss: () => Promise<string | null>;
  /** Account size, base trade size and the daily limits (validated by the caller). */
  updateSettings: (settings: RiskSettingsRequest) => void;
}

/** The risk state and its actions, from the server when signed in, else from the browser. */
export function useRisk(): RiskView {
  const { signedIn } = useJournalMode();
  const client = useQueryClient();
  const local = useLocalJournal((j) => j.risk);
  // The trades on screen, without fetching them here: while a placed bracket works, the risk
  // state is read every 2 s (30 s while the server pushes its changes), and once more whenever
  // one fills or closes (the close that moved the streak may land between two reads).
  const working = useQuery({
    ...tradesQueryOptions(),
    enabled: false,
    select: workingLiveTrades,
  }).data;
  const pushed = useJournalStreamConnected();
  const query = useQuery({
    ...riskQueryOptions(),
    enabled: signedIn,
    refetchInterval: signedIn && working ? liveRefreshMs(pushed) : false,
  });
  const seen = useRef(working);
  useEffect(() => {
    const before = seen.current;
    seen.current = working;
    // Only a working bracket that filled or closed moves the risk state.
    if (before && before !== working && signedIn) {
      void client.invalidateQueries({ queryKey: journalKeys.risk }, { cancelRefetch: false });
    }
  }, [working, signedIn, client]);
  const timeZone = useTradingTimeZone();
  const now = useNow();
  const stored = signedIn ? (query.data ?? FALLBACK_RISK) : local;
  // One rule for every screen: core's session lock, which also rolls the state over to the
  // trading day of `now` in the user's zone.
  const lock = useMemo(() => sessionLock(stored, { now, timeZone }), [stored, now, timeZone]);
  const risk = lock.state;
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
    try {
      const next = await resetStoplossRequest();
      client.setQueryData(journalKeys.risk, next);
      return null;
    } catch (error) {
      // 409 COOLDOWN: the prompt says so itself ('Not yet — the session reopens at 14:35').
      if (isApiError(error) && error.code === 'COOLDOWN') return error.message;
      throw error;
    }
  }, journalMessages.resetSl);
  const resetStoploss = useCallback(async (): Promise<string | null> => {
    if (signedIn) {
      const refusal = await runReset(undefined);
      return refusal === undefined ? journalMessages.resetSl : refusal;
    }
    const clock = { now: Date.now(), timeZone: browserTimeZone() };
    const result = touchGrass(readLocalJournal().risk, clock);
    if (!result.ok) return result.message;
    updateLocalJournal(() => ({ risk: result.value }));
    return null;
  }, [signedIn, runReset]);

  const runSettings = useJournalMutation(async (body: RiskSettingsRequest) => {
    const next = await riskSettingsRequest(body);
    client.setQueryData(journalKeys.risk, next);
    return next;
  }, journalMessages.saveSettings);
  const updateSettings = useCallback(
    (body: RiskSettingsRequest) => {
      if (signedIn) {
        void runSettings(body);
        return;
      }
      updateLocalJournal((j) => {
        const clock = { now: Date.now(), timeZone: browserTimeZone() };
        // Roll over first, so a looser limit asked for today waits for tomorrow, not today.
        const today = sessionLock(j.risk, clock).state;
        return { risk: applyRiskSettings(today, body, clock.now) };
      });
    },
    [signedIn, runSettings],
  );

  return {
    risk,
    lock,
    timeZone,
    serverReadAt: signedIn ? query.dataUpdatedAt : 0,
    sizing,
    isLoading: signedIn && query.isPending,
    resetStoploss,
    updateSettings,
  };
}
