import { describeReopening, type SessionEndReason } from '@tb/core';
import { useRisk } from '@/features/journal';
import { useNow } from '@/lib/use-now';
import type { SessionRefusal } from './use-trading-actions';

/** The trading page's view of the discipline lock. */
export interface TradingLock {
  /** New positions would be refused (reduce-only orders, Close and Cancel still go). */
  locked: boolean;
  /** Why, and when trading opens again, in one sentence; null while trading is allowed. */
  message: string | null;
  reason: SessionEndReason | string | null;
  /** ISO instant trading opens again; null when unknown. */
  reopensAt: string | null;
  /** ISO instant from which the grass reset can reopen the session (3 stoplosses); else null. */
  grassAt: string | null;
}

const OPEN: TradingLock = {
  locked: false,
  message: null,
  reason: null,
  reopensAt: null,
  grassAt: null,
};

/**
 * The lock as core's `sessionLock` reads the risk state (the rule the server applies), so the
 * page says so before an order is sent; or, when the server refused an order with 403
 * SESSION_ENDED before the risk state caught up, the server's answer and its `reopensAt`.
 * The refusal holds until `reopensAt` passes or a risk state read after it says open (grass
 * reset, new day, looser limits): the disabled form cannot send the order that would clear it.
 */
export function useSessionLock(refusal: SessionRefusal | null): TradingLock {
  const { lock, timeZone, serverReadAt } = useRisk();
  const now = useNow();
  if (lock.ended) {
    return {
      locked: true,
      message: lock.message,
      reason: lock.reason,
      reopensAt: lock.reopensAt,
      grassAt: lock.grassAt,
    };
  }
  if (!refusal || serverReadAt > refusal.riskReadAt) return OPEN;
  const reopens = refusal.reopensAt ? Date.parse(refusal.reopensAt) : Number.NaN;
  if (now >= reopens) return OPEN;
  // The server's sentence says when already; an answer without it gets it from `reopensAt`.
  const when =
    Number.isFinite(reopens) && !/opens again/i.test(refusal.message)
      ? ` Trading opens again ${describeReopening(reopens, now, timeZone)}.`
      : '';
  return {
    locked: true,
    message: `${refusal.message}${when}`,
    reason: refusal.reason,
    reopensAt: refusal.reopensAt,
    grassAt: null,
  };
}
