import { finishOrder } from '../state.js';
import type { Account, Ledger } from '../state.js';

/**
 * The dead man's switch (`scheduleCancel`): at the time an account set, every order it still
 * has open is canceled, with status `scheduledCancel`. Time passing fires it (engine/lazy.ts),
 * after the orders that would have filled before it did.
 */

/** Hyperliquid's minimum: the time must be at least 5 seconds ahead. */
export const SCHEDULE_CANCEL_MIN_AHEAD_MS = 5_000;

/**
 * Sets (or with `time` undefined, clears) the account's scheduled cancel at `nowMs` (epoch
 * ms). Returns the refusal's text, or null when it was set.
 */
export function scheduleCancel(
  account: Account,
  time: number | undefined,
  nowMs: number,
): string | null {
  if (time === undefined) {
    delete account.scheduledCancelMs;
    return null;
  }
  const earliest = nowMs + SCHEDULE_CANCEL_MIN_AHEAD_MS;
  if (time < earliest) {
    return `Scheduled cancel time must be at least 5 seconds in the future: ${time} is before ${earliest}.`;
  }
  account.scheduledCancelMs = time;
  return null;
}

/**
 * Fires the account's scheduled cancel if its time is at or before `timeMs`: cancels every
 * open order at that time and clears the schedule. Returns whether it fired.
 */
export function fireScheduledCancel(ledger: Ledger, timeMs: number): boolean {
  const at = ledger.account.scheduledCancelMs;
  if (at === undefined || at > timeMs) return false;
  delete ledger.account.scheduledCancelMs;
  for (const order of [...ledger.account.openOrders]) {
    finishOrder(ledger, order, 'scheduledCancel', at);
  }
  return true;
}
