import { formatPrice } from '../format/price.js';

/** A price as the messages show it: as every screen shows prices (formatPrice). */
const shown = (value: number) => formatPrice(value);

/**
 * Why a placed trade's stop may not move to `newStop`, or null (DESIGN.md section 9). A stop
 * only moves toward profit: a long's between its original stop and the market price
 * (`original < new < mark`), a short's between the market price and its original stop
 * (`mark < new < original`). R keeps being measured against the original stop.
 */
export function moveStopError(
  trade: { isLong: boolean; stopLoss: number },
  newStop: number,
  mark: number,
): string | null {
  if (trade.isLong) {
    if (!(newStop > trade.stopLoss)) {
      return `A stop only moves toward profit: choose a price above the original stop of ${shown(trade.stopLoss)}.`;
    }
    if (!(newStop < mark)) {
      return `A long's stop must be below the market price of ${shown(mark)}: at or above it, it would close the position at once.`;
    }
    return null;
  }
  if (!(newStop < trade.stopLoss)) {
    return `A stop only moves toward profit: choose a price below the original stop of ${shown(trade.stopLoss)}.`;
  }
  if (!(newStop > mark)) {
    return `A short's stop must be above the market price of ${shown(mark)}: at or below it, it would close the position at once.`;
  }
  return null;
}
