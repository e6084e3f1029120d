import { isSessionEnded, isTradingAllowed, stoplossTexts } from '@tb/core';
import { useRisk } from '@/features/journal';

export interface SessionLock {
  /** The signed-in user's risk state ends today's session: new positions would be refused. */
  locked: boolean;
  /** Why, in core's words; null while trading is allowed. */
  reason: string | null;
}

/**
 * The discipline lock as the risk state tells it (core's isTradingAllowed: 3 stoplosses, or
 * the day's trade limit reached), so the page can say so before an order is sent. The server
 * still decides (403 SESSION_ENDED); reduce-only orders, Close and Cancel stay allowed.
 */
export function useSessionLock(): SessionLock {
  const { risk } = useRisk();
  const allowed = isTradingAllowed({
    slTaken: risk.slTaken,
    dailyTrades: risk.dailyStats.trades,
    maxTradesPerDay: risk.settings.maxTradesPerDay,
  });
  if (allowed) return { locked: false, reason: null };
  return {
    locked: true,
    reason: isSessionEnded(risk.slTaken)
      ? stoplossTexts.sessionEndedAlert
      : stoplossTexts.dailyTradesReached,
  };
}
