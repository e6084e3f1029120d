import {
  checkExitUndo,
  EXIT_UNDO_MS,
  exitUndoMessages,
  fail,
  formatPrice,
  formatSignedR,
  formatSignedUsd,
  ok,
  sameJson,
  sortTradesForDisplay,
  type ErrorCode,
  type Result,
  type Trade,
} from '@tb/core';
import { useSyncExternalStore } from 'react';
import { dismissNotification, notify } from '@/components/notifications';
import type { LocalJournal } from './local-store';

/**
 * "Undo" of an exit by hand (issue 26), on the browser's side: the wording of the notification
 * that announces an exit, the local journal's own undo (a snapshot kept in memory), and which
 * trade can be undone right now (its card shows Undo too: inside the Trade History dialog the
 * notification is out of the keyboard's reach).
 */

/** What an exit did, as the notification says it: 'BTCUSDT Long closed: WIN +$9.00 · +0.09R'. */
export function exitNotice(trade: Trade): string {
  const name = `${trade.pair} ${trade.isLong ? 'Long' : 'Short'}`;
  if (trade.status === 'OPEN' || trade.rMultiple === null || trade.pnlUsd === null) {
    const last = trade.exits.at(-1);
    return `${name}: partial exit${last ? ` at ${formatPrice(last.price)}` : ''} recorded`;
  }
  const result =
    Math.abs(trade.rMultiple) < 1e-9 ? 'break-even' : trade.pnlUsd < 0 ? 'LOSS' : 'WIN';
  return `${name} closed: ${result} ${formatSignedUsd(trade.pnlUsd)} · ${formatSignedR(trade.rMultiple)}`;
}

/** The local journal before and after one exit, and when its undo window ends (epoch ms). */
export interface LocalExitSnapshot {
  tradeId: string;
  before: Pick<LocalJournal, 'trades' | 'risk'>;
  after: Pick<LocalJournal, 'trades' | 'risk'>;
  until: number;
}

/** Keeps what undoes the exit that turned `before` into `after` (at `now`, epoch ms). */
export function localExitSnapshot(
  tradeId: string,
  before: LocalJournal,
  after: LocalJournal,
  now: number,
): LocalExitSnapshot {
  return {
    tradeId,
    before: { trades: before.trades, risk: before.risk },
    after: { trades: after.trades, risk: after.risk },
    until: now + EXIT_UNDO_MS,
  };
}

/**
 * Puts the local journal's trade and risk state back as they were before the exit, by the
 * server's rule (core checkExitUndo): within the window, while the trade is as the exit left it
 * and nothing moved the risk state since.
 */
export function undoLocalExit(
  journal: LocalJournal,
  snapshot: LocalExitSnapshot,
  now: number,
): Result<Partial<LocalJournal>, ErrorCode> {
  const find = (trades: readonly Trade[]) => trades.find((t) => t.id === snapshot.tradeId);
  const current = find(journal.trades);
  const left = find(snapshot.after.trades);
  const before = find(snapshot.before.trades);
  if (!current || !left || !before || !sameJson(current, left)) {
    return fail('CONFLICT', exitUndoMessages.nothing);
  }
  const checked = checkExitUndo({
    now,
    until: snapshot.until,
    recordedExits: left.exits.length,
    currentExits: current.exits.length,
    riskUnchanged: sameJson(journal.risk, snapshot.after.risk),
  });
  if (!checked.ok) return checked;
  const trades = journal.trades.map((t) => (t.id === snapshot.tradeId ? before : t));
  return ok({ trades: sortTradesForDisplay(trades), risk: snapshot.before.risk });
}

/** The exit that can be undone now: its trade, and what undoes it. One at a time. */
interface PendingUndo {
  tradeId: string;
  run: () => void;
}

let pending: PendingUndo | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setPending(next: PendingUndo | null) {
  pending = next;
  for (const listener of listeners) listener();
}

let notice: number | undefined;

/** Ends the offer on screen: its notification and its card's button. */
export function clearExitUndo(): void {
  clearTimeout(timer);
  if (notice !== undefined) dismissNotification(notice);
  notice = undefined;
  if (pending) setPending(null);
}

/**
 * Announces an exit of `trade` (sent at `sentAt`, epoch ms) with an Undo button for what is
 * left of EXIT_UNDO_MS, in the notification and on the trade's card; pressing either runs
 * `undo` once. A later exit replaces the offer: only the latest exit can be undone.
 */
export function offerExitUndo(trade: Trade, sentAt: number, undo: () => void): void {
  clearExitUndo();
  const left = sentAt + EXIT_UNDO_MS - Date.now();
  if (left <= 0) {
    notify(exitNotice(trade), 'success');
    return;
  }
  const run = () => {
    clearExitUndo();
    undo();
  };
  const offer: PendingUndo = { tradeId: trade.id, run };
  notice = notify(exitNotice(trade), 'success', left, { label: 'Undo', run });
  setPending(offer);
  timer = setTimeout(() => {
    if (pending === offer) setPending(null);
  }, left);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What undoes the latest exit of `tradeId` while it can be, else null. */
export function useExitUndo(tradeId: string): (() => void) | null {
  const offer = useSyncExternalStore(
    subscribe,
    () => pending,
    () => pending,
  );
  return offer && offer.tradeId === tradeId ? offer.run : null;
}
