import {
  applyTradeOutcome,
  canOpenTrade,
  clearTradeHistory,
  closeTrade,
  DEFAULT_TRADING_PAIR,
  riskRewardRatio,
  roundTo,
  sortTradesForDisplay,
  tradingDate,
  type ClosedTradeStatus,
  type ErrorCode,
  type Result,
  type Trade,
} from '@tb/core';
import type { LocalJournal } from './local-store';
import { newId } from './storage';

/** A planned trade from the trade form; prices in dollars per unit. */
export interface NewTrade {
  isLong: boolean;
  stopLoss: number;
  entryPrice: number;
  takeProfit: number;
  pair?: string;
  /** Board score when the trade was saved. */
  score?: number;
}

/** The editable fields of an OPEN trade (Trade History edit). */
export interface TradeEdit {
  pair: string;
  stopLoss: number;
  entryPrice: number;
  takeProfit: number;
  notes: string;
}

type Change = Result<Partial<LocalJournal>, ErrorCode>;

const rr = (t: Pick<Trade, 'isLong' | 'stopLoss' | 'entryPrice' | 'takeProfit'>) =>
  roundTo(
    riskRewardRatio({
      isLong: t.isLong,
      stopLoss: t.stopLoss,
      entry: t.entryPrice,
      target: t.takeProfit,
    }) ?? 0,
    2,
  );

/** Saves a new OPEN trade locally, refused while the session is ended (as the server does). */
export function addLocalTrade(journal: LocalJournal, input: NewTrade, now: number): Change {
  const today = tradingDate(now);
  const openedToday = journal.trades.filter(
    (t) => tradingDate(Date.parse(t.createdAt)) === today,
  ).length;
  const allowed = canOpenTrade(journal.risk, { now, tradesOpenedToday: openedToday });
  if (!allowed.ok) return allowed;
  const iso = new Date(now).toISOString();
  const trade: Trade = {
    id: newId(),
    pair: (input.pair?.trim() || DEFAULT_TRADING_PAIR).toUpperCase(),
    isLong: input.isLong,
    entryPrice: input.entryPrice,
    stopLoss: input.stopLoss,
    takeProfit: input.takeProfit,
    riskRewardRatio: rr(input),
    notes: '',
    status: 'OPEN',
    date: iso,
    createdAt: iso,
    profitLoss: null,
    score: input.score ?? null,
  };
  return { ok: true, value: { trades: sortTradesForDisplay([trade, ...journal.trades]) } };
}

/** Target Hit / Stoploss Hit: the trade closes and the risk state takes the outcome. */
export function closeLocalTrade(
  journal: LocalJournal,
  id: string,
  status: ClosedTradeStatus,
  now: number,
): Change {
  const trade = journal.trades.find((t) => t.id === id);
  if (!trade) return { ok: false, code: 'NOT_FOUND', message: 'This trade does not exist' };
  const closing = closeTrade(trade, status);
  if (!closing.ok) return closing;
  const risk = applyTradeOutcome(journal.risk, closing.value, { now });
  if (!risk.ok) return risk;
  const trades = journal.trades.map((t) => (t.id === id ? { ...t, ...closing.value } : t));
  return { ok: true, value: { trades: sortTradesForDisplay(trades), risk: risk.value } };
}

export function editLocalTrade(
  journal: LocalJournal,
  id: string,
  edit: TradeEdit,
): Partial<LocalJournal> {
  const trades = journal.trades.map((t) =>
    t.id === id && t.status === 'OPEN'
      ? {
          ...t,
          ...edit,
          pair: edit.pair.toUpperCase(),
          riskRewardRatio: rr({ ...edit, isLong: t.isLong }),
        }
      : t,
  );
  return { trades };
}

export const removeLocalTrade = (journal: LocalJournal, id: string): Partial<LocalJournal> => ({
  trades: journal.trades.filter((t) => t.id !== id),
});

export const clearLocalHistory = (journal: LocalJournal): Partial<LocalJournal> => ({
  trades: clearTradeHistory(journal.trades),
});
