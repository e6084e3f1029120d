import {
  applyTradeOutcome,
  clearTradeHistory,
  currentBoard,
  fail,
  ok,
  openTrade,
  planExit,
  price,
  repriceTrade,
  sortTradesForDisplay,
  type ErrorCode,
  type ExitRequest,
  type Result,
  type SessionClock,
  type Trade,
} from '@tb/core';
import type { LocalJournal } from './local-store';
import { newId } from './storage';

/** A planned trade from the trade form; prices in dollars per unit, size in USD. */
export interface NewTrade {
  /** The trade idea's pair, upper-cased. */
  pair: string;
  isLong: boolean;
  stopLoss: number;
  entryPrice: number;
  takeProfit: number;
  /** The trade idea's text. */
  notes: string;
  /** Position notional; the suggested size when absent (never above it). */
  sizeUsd?: number;
  /** The trader typed the target instead of taking the tier's. */
  targetManual?: boolean;
  /** The exchange connection whose balance sized the trade (live trading on; server only). */
  connectionId?: string;
}

/** The editable fields of an OPEN trade (Trade History edit). */
export interface TradeEdit {
  pair: string;
  stopLoss: number;
  entryPrice: number;
  takeProfit: number;
  notes: string;
}

/** When it happens, in the anonymous user's zone (the browser's). */
export type LocalClock = Required<SessionClock>;

type Change = Result<Partial<LocalJournal>, ErrorCode>;

/**
 * Saves a new OPEN trade in the browser with core's `openTrade`, the rule the server uses:
 * refused while the session is ended, the ticked cells of the board on screen recorded, the
 * risk state counting the trade as opened today.
 */
export function addLocalTrade(journal: LocalJournal, input: NewTrade, clock: LocalClock): Change {
  const opened = openTrade(input, {
    risk: journal.risk,
    cells: currentBoard(journal.bingo).bingoCells,
    now: clock.now,
    timeZone: clock.timeZone,
  });
  if (!opened.ok) return opened;
  const iso = new Date(clock.now).toISOString();
  const trade: Trade = {
    ...opened.value.trade,
    id: newId(),
    status: 'OPEN',
    createdAt: iso,
    profitLoss: null,
    sizeEstimated: false,
    exits: [],
    exitPrice: null,
    rMultiple: null,
    pnlUsd: null,
    closedAt: null,
    verified: false,
    feesUsd: null,
    fundingUsd: null,
    imported: false,
    offPlan: false,
    mfeR: null,
    maeR: null,
  };
  return ok({
    trades: sortTradesForDisplay([trade, ...journal.trades]),
    risk: opened.value.risk,
  });
}

/**
 * An exit at a typed price (all that is open, or a part): core's `planExit`; the last exit
 * closes the trade at the weighted price and moves the risk by its result, as on the server.
 */
export function exitLocalTrade(
  journal: LocalJournal,
  id: string,
  request: ExitRequest,
  clock: LocalClock,
): Change {
  const trade = journal.trades.find((t) => t.id === id);
  if (!trade) return fail('NOT_FOUND', 'This trade does not exist');
  const at = new Date(clock.now).toISOString();
  const plan = planExit(trade, request, at);
  if (!plan.ok) return plan;
  const { exits, closing } = plan.value;
  if (!closing) {
    const trades = journal.trades.map((t) => (t.id === id ? { ...t, exits } : t));
    return ok({ trades, risk: journal.risk });
  }
  const risk = applyTradeOutcome(journal.risk, closing, clock);
  if (!risk.ok) return risk;
  const trades = journal.trades.map((t) =>
    t.id === id ? { ...t, ...closing, exits, closedAt: at } : t,
  );
  return ok({ trades: sortTradesForDisplay(trades), risk: risk.value });
}

/** New prices of an OPEN trade: the same USD size, its R/R, quantity and risk from core. */
export function editLocalTrade(
  journal: LocalJournal,
  id: string,
  edit: TradeEdit,
): Partial<LocalJournal> {
  const trades = journal.trades.map((t): Trade => {
    if (t.id !== id || t.status !== 'OPEN') return t;
    const facts = repriceTrade(t.sizeUsd, { ...edit, isLong: t.isLong });
    return {
      ...t,
      ...edit,
      pair: edit.pair.toUpperCase(),
      entryPrice: price(edit.entryPrice),
      stopLoss: price(edit.stopLoss),
      takeProfit: price(edit.takeProfit),
      ...facts,
    };
  });
  return { trades };
}

export const removeLocalTrade = (journal: LocalJournal, id: string): Partial<LocalJournal> => ({
  trades: journal.trades.filter((t) => t.id !== id),
});

export const clearLocalHistory = (journal: LocalJournal): Partial<LocalJournal> => ({
  trades: clearTradeHistory(journal.trades),
});
