import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import {
  clearTradeHistory,
  countOpenTrades,
  exitUndoMessages,
  sortTradesForDisplay,
  UpdateTradeRequestSchema,
  type ExitRequest,
  type RiskState,
  type Trade,
} from '@tb/core';
import { useMemo } from 'react';
import { notify } from '@/components/notifications';
import * as api from '../api';
import { localExitSnapshot, offerExitUndo, undoLocalExit } from '../exit-undo';
import { liveRefreshMs, useJournalStreamConnected } from '../journal-stream';
import { readLocalJournal, updateLocalJournal, useLocalJournal } from '../local-store';
import * as local from '../local-trades';
import { bingoWritesSettled } from './bingo-sync';
import { useJournalMode } from './use-journal-mode';
import { useJournalMutation } from './use-journal-mutation';
import { browserTimeZone } from '@/lib/time-zone';

export interface TradeActions {
  /** Saves a planned trade as OPEN; resolves to whether it was saved (and confirmed). */
  save: (trade: local.NewTrade) => Promise<boolean>;
  /**
   * Closes at a typed price, all that is open or a part; resolves to whether it was recorded.
   * The notification that says so carries Undo for 10 seconds (issue 26).
   */
  exit: (id: string, exit: ExitRequest) => Promise<boolean>;
  /** Validates with core's schema; returns the first problem, or null when it was sent. */
  edit: (trade: Trade, edit: local.TradeEdit) => string | null;
  remove: (id: string) => void;
  /** Takes a closed trade off the list (a verified one cannot be deleted). */
  hide: (id: string) => void;
  clearHistory: () => void;
}

/** The confirmation of a saved trade: 'Long BTCUSDT saved'. */
export function tradeSavedMessage(trade: Pick<Trade, 'isLong' | 'pair'>): string {
  return `${trade.isLong ? 'Long' : 'Short'} ${trade.pair} saved`;
}

/**
 * The trades, OPEN first then newest first. `query` is the server's query for signed-in users
 * (for QueryStatus's loading, error and retry), else null.
 */
export function useTradeList(): {
  trades: Trade[];
  openCount: number;
  isLoading: boolean;
  isError: boolean;
  retry: () => void;
  query: UseQueryResult<Trade[]> | null;
} {
  const { signedIn } = useJournalMode();
  const localTrades = useLocalJournal((j) => j.trades);
  const pushed = useJournalStreamConnected();
  const query = useQuery({
    ...api.tradesQueryOptions(),
    enabled: signedIn,
    // While a placed bracket works, fills close trades on the server: read them every 2 s, or
    // every 30 s while the server pushes its changes (useJournalEvents).
    refetchInterval: (q) => (api.workingLiveTrades(q.state.data) ? liveRefreshMs(pushed) : false),
  });
  const source = signedIn ? query.data : localTrades;
  const { refetch } = query;
  const list = useMemo(() => {
    const trades = sortTradesForDisplay(source ?? []);
    return {
      trades,
      openCount: countOpenTrades(trades),
      isLoading: signedIn && query.isPending && !query.isError,
      isError: signedIn && query.isError && source === undefined,
      retry: () => void refetch(),
    };
  }, [source, signedIn, query.isPending, query.isError, refetch]);
  return { ...list, query: signedIn ? query : null };
}

/** Just the number of OPEN trades (the Trade History button). */
export function useOpenTradeCount(): number {
  return useTradeList().openCount;
}

const localClock = () => ({ now: Date.now(), timeZone: browserTimeZone() });

export function useTradeActions(): TradeActions {
  const { signedIn } = useJournalMode();
  const client = useQueryClient();
  const setTrades = (change: (list: Trade[]) => Trade[]) =>
    client.setQueryData<Trade[]>(api.journalKeys.trades, (list = []) =>
      sortTradesForDisplay(change(list)),
    );
  const withStats = (res: { trade: Trade; stats: RiskState }) => {
    setTrades((list) => list.map((t) => (t.id === res.trade.id ? res.trade : t)));
    client.setQueryData(api.journalKeys.risk, res.stats);
  };
  const refreshRisk = () => void client.invalidateQueries({ queryKey: api.journalKeys.risk });

  const create = useJournalMutation(async (t: local.NewTrade) => {
    // The server snapshots the ticked cells of the stored board: let pending toggles land.
    await bingoWritesSettled(client);
    try {
      // One key per click: a save retried after a lost answer records one trade, not two.
      const trade = await api.createTrade({ ...t, status: 'OPEN' }, newIdempotencyKey());
      if (!trade?.id) {
        notify(api.journalMessages.noTradeData, 'error');
        void client.invalidateQueries({ queryKey: api.journalKeys.trades });
        return false;
      }
      setTrades((list) => [trade, ...list.filter((other) => other.id !== trade.id)]);
      return true;
    } finally {
      // Opening counts the trade for today on the server; a 403 SESSION_ENDED means the lock
      // on screen was behind the server's: read the risk state again either way.
      refreshRisk();
    }
  }, api.journalMessages.saveTrade);
  const exit = useJournalMutation(async (v: { id: string; exit: ExitRequest }) => {
    const sentAt = Date.now();
    const res = await api.exitTrade(v.id, v.exit);
    withStats(res);
    return { trade: res.trade, sentAt };
  }, api.journalMessages.saveTrade);
  const undoExit = useJournalMutation(async (v: { id: string; exitCount: number }) => {
    withStats(await api.undoExit(v.id, v.exitCount));
    notify(exitUndoMessages.undone, 'success');
  }, api.journalMessages.undoExit);
  const update = useJournalMutation(
    async (v: { id: string; body: Parameters<typeof api.updateTrade>[1] }) =>
      withStats(await api.updateTrade(v.id, v.body)),
    api.journalMessages.saveTrade,
  );
  const remove = useJournalMutation(async (id: string) => {
    await api.deleteTrade(id);
    setTrades((list) => list.filter((t) => t.id !== id));
  }, api.journalMessages.saveTrade);
  const hide = useJournalMutation(async (id: string) => {
    await api.hideTrade(id);
    setTrades((list) => list.filter((t) => t.id !== id));
  }, api.journalMessages.saveTrade);
  const clear = useJournalMutation(async () => {
    setTrades(clearTradeHistory);
    client.setQueryData(
      api.journalKeys.trades,
      sortTradesForDisplay(await api.clearTradeHistoryRequest()),
    );
  }, api.journalMessages.saveTrade);

  return useMemo((): TradeActions => {
    const applyLocal = (change: ReturnType<typeof local.addLocalTrade>): boolean => {
      if (!change.ok) {
        notify(change.message, 'error');
        return false;
      }
      updateLocalJournal(() => change.value);
      return true;
    };
    const confirmed = (trade: local.NewTrade, saved: boolean | undefined): boolean => {
      if (saved) notify(tradeSavedMessage(trade), 'success');
      return saved === true;
    };
    return {
      save: async (t) =>
        confirmed(
          t,
          signedIn
            ? await create(t)
            : applyLocal(local.addLocalTrade(readLocalJournal(), t, localClock())),
        ),
      // A loss after the third stoploss is refused by core's applyTradeOutcome (here, or on
      // the server) with SPEC.md section 8's alert.
      exit: async (id, request) => {
        if (signedIn) {
          const done = await exit({ id, exit: request });
          if (!done) return false;
          const exitCount = done.trade.exits.length;
          offerExitUndo(done.trade, done.sentAt, () => void undoExit({ id, exitCount }));
          return true;
        }
        const before = readLocalJournal();
        const clock = localClock();
        if (!applyLocal(local.exitLocalTrade(before, id, request, clock))) return false;
        const after = readLocalJournal();
        const snapshot = localExitSnapshot(id, before, after, clock.now);
        const trade = after.trades.find((t) => t.id === id);
        if (trade) {
          offerExitUndo(trade, clock.now, () => {
            if (applyLocal(undoLocalExit(readLocalJournal(), snapshot, Date.now()))) {
              notify(exitUndoMessages.undone, 'success');
            }
          });
        }
        return true;
      },
      edit: (trade, edit) => {
        const parsed = UpdateTradeRequestSchema.safeParse({ ...edit, isLong: trade.isLong });
        if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Invalid trade';
        if (signedIn) void update({ id: trade.id, body: parsed.data });
        else
          updateLocalJournal((j) =>
            local.editLocalTrade(j, trade.id, { ...edit, pair: parsed.data.pair }),
          );
        return null;
      },
      remove: (id) =>
        signedIn ? void remove(id) : updateLocalJournal((j) => local.removeLocalTrade(j, id)),
      // Only the server's trades can be verified; a local one is deleted instead.
      hide: (id) =>
        signedIn ? void hide(id) : updateLocalJournal((j) => local.removeLocalTrade(j, id)),
      clearHistory: () =>
        signedIn ? void clear(undefined) : updateLocalJournal(local.clearLocalHistory),
    };
  }, [signedIn, create, exit, undoExit, update, remove, hide, clear]);
}
