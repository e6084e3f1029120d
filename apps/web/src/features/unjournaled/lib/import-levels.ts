import { parsePrice, tradeMessages } from '@tb/core';
import type { UnjournaledTrip } from '../api';

export const importLevelTexts = {
  stopRequired: 'Enter the stoploss you had planned: R is measured against it.',
  targetRequired: 'Enter the target you had planned.',
  notANumber: 'Enter a price of 0 or more.',
} as const;

export type ImportLevels =
  | { ok: true; stopLoss: number; takeProfit: number }
  | { ok: false; field: 'stop' | 'target'; message: string };

/**
 * The planned stop and target of an imported trip, as typed, checked against the trip's own
 * entry with the journal's rules (SPEC.md section 5): long stop < entry < target, short the
 * other way round.
 */
export function importLevels(
  trip: Pick<UnjournaledTrip, 'isLong' | 'entryPrice'>,
  stopText: string,
  targetText: string,
): ImportLevels {
  if (!stopText.trim()) return { ok: false, field: 'stop', message: importLevelTexts.stopRequired };
  const stopLoss = parsePrice(stopText);
  if (stopLoss === null) return { ok: false, field: 'stop', message: importLevelTexts.notANumber };
  if (!targetText.trim())
    return { ok: false, field: 'target', message: importLevelTexts.targetRequired };
  const takeProfit = parsePrice(targetText);
  if (takeProfit === null)
    return { ok: false, field: 'target', message: importLevelTexts.notANumber };
  const entry = trip.entryPrice;
  if (trip.isLong) {
    if (!(entry > stopLoss))
      return { ok: false, field: 'stop', message: tradeMessages.longEntryAboveStop };
    if (!(takeProfit > entry))
      return { ok: false, field: 'target', message: tradeMessages.longTargetAboveEntry };
  } else {
    if (!(entry < stopLoss))
      return { ok: false, field: 'stop', message: tradeMessages.shortEntryBelowStop };
    if (!(takeProfit < entry))
      return { ok: false, field: 'target', message: tradeMessages.shortTargetBelowEntry };
  }
  return { ok: true, stopLoss, takeProfit };
}

/**
 * The target to start from: the exit when it lies beyond the entry on the trade's side (a
 * win), else nothing (an exit at a loss is no target the trader can have planned).
 */
export function suggestedTarget(trip: UnjournaledTrip): string {
  const { exitPrice, entryPrice, isLong } = trip;
  if (exitPrice === null) return '';
  const beyond = isLong ? exitPrice > entryPrice : exitPrice < entryPrice;
  return beyond ? String(exitPrice) : '';
}
