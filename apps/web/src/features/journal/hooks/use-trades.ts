import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  clearTradeHistory,
  countOpenTrades,
  DEFAULT_TRADING_PAIR,
  isSessionEnded,
  sortTradesForDisplay,
  stoplossTexts,
  UpdateTradeRequestSchema,
  type ClosedTradeStatus,
  type RiskState,
  type Trade,
} from '@tb/core';
import { useMemo } from 'react';
import { notify } from '@/components/notifications';
import * as api from '../api';
import { readLocalJournal, updateLocalJournal, useLocalJournal } from '../local-store';
import * as local from '../local-trades';
import { useJournalMode } from './use-journal-mode';
import { useJournalMutation } from './use-journal-mutation';

export interface TradeActions {
  /** Saves a planned trade as OPEN. */
  save: (trade: local.NewTrade) => void;
  close: (id: string, status: ClosedTradeStatus) => void;
  /** Validates with core's schema; returns the first problem, or null when it was sent. */
  edit: (trade: Trade, edit: local.TradeEdit) => string | null;
  remove: (id: string) => void;
  clearHistory: () => void;
}

/** The trades, OPEN first then newest first. */
export function useTradeList(): { trades: Trade[]; openCount: number; isLoading: boolean } {
  const { signedIn } = useJournalMode();
  const localTrades = useLocalJournal((j) => j.trades);
  const query = useQuery({ ...api.tradesQueryOptions(), enabled: signedIn });
  const source = signedIn ? query.data : localTrades;
  return useMemo(() => {
    const trades = sortTradesForDisplay(source ?? []);
    return { trades, openCount: countOpenTrades(trades), isLoading: signedIn && query.isPending };
  }, [source, signedIn, query.isPending]);
}

/** Just the number of OPEN trades (the Trade History button). */
export function useOpenTradeCount(): number {
  return useTradeList().openCount;
}

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

  const create = useJournalMutation(async (t: local.NewTrade) => {
    const trade = await api.createTrade({
      pair: t.pair ?? DEFAULT_TRADING_PAIR,
      isLong: t.isLong,
      entryPrice: t.entryPrice,
      stopLoss: t.stopLoss,
      takeProfit: t.takeProfit,
      notes: '',
      status: 'OPEN',
      ...(t.score === undefined ? {} : { score: t.score }),
    });
    if (!trade?.id) {
      notify(api.journalMessages.noTradeData, 'error');
      void client.invalidateQueries({ queryKey: api.journalKeys.trades });
      return;
    }
    setTrades((list) => [trade, ...list]);
  }, api.journalMessages.saveTrade);
  const close = useJournalMutation(
    async (v: { id: string; status: ClosedTradeStatus }) =>
      withStats(await api.setTradeStatus(v.id, v.status)),
    api.journalMessages.saveTrade,
  );
  const update = useJournalMutation(
    async (v: { id: string; body: Parameters<typeof api.updateTrade>[1] }) =>
      withStats(await api.updateTrade(v.id, v.body)),
    api.journalMessages.saveTrade,
  );
  const remove = useJournalMutation(async (id: string) => {
    await api.deleteTrade(id);
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
    const applyLocal = (change: ReturnType<typeof local.addLocalTrade>) => {
      if (!change.ok) notify(change.message, 'error');
      else updateLocalJournal(() => change.value);
    };
    const currentRisk = () =>
      signedIn ? client.getQueryData<RiskState>(api.journalKeys.risk) : readLocalJournal().risk;
    return {
      save: (t) =>
        signedIn
          ? void create(t)
          : applyLocal(local.addLocalTrade(readLocalJournal(), t, Date.now())),
      close: (id, status) => {
        // SPEC.md section 8: a fourth stoploss is blocked with the alert, before any call.
        if (status === 'STOPLOSS_HIT' && isSessionEnded(currentRisk()?.slTaken ?? 0)) {
          notify(stoplossTexts.sessionEndedAlert, 'error');
          return;
        }
        if (signedIn) void close({ id, status });
        else applyLocal(local.closeLocalTrade(readLocalJournal(), id, status, Date.now()));
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
      clearHistory: () =>
        signedIn ? void clear(undefined) : updateLocalJournal(local.clearLocalHistory),
    };
  }, [signedIn, client, create, close, update, remove, clear]);
}
