import { roundTo } from '../format/round.js';

/** The prices of a saved trade, in dollars per unit. */
export interface TradePrices {
  isLong: boolean;
  entryPrice: number;
  stopLoss: number;
  takeProfit: number;
}

/** Decimals kept in a P/L so binary noise (110.1 − 100 = 10.099999999999994) does not persist. */
export const PROFIT_LOSS_DECIMALS = 8;

/**
 * Profit (+) or loss (−) of a trade closed at its target or its stoploss, in dollars per unit
 * of the asset, not scaled by position size (SPEC.md section 4):
 * - target hit: long `takeProfit − entry`, short `entry − takeProfit`;
 * - stoploss hit: long `stopLoss − entry`, short `entry − stopLoss`.
 * Rounded to {@link PROFIT_LOSS_DECIMALS} decimals.
 */
export function profitLossOnClose(
  trade: TradePrices,
  status: 'TARGET_HIT' | 'STOPLOSS_HIT',
): number {
  const exit = status === 'TARGET_HIT' ? trade.takeProfit : trade.stopLoss;
  const perUnit = trade.isLong ? exit - trade.entryPrice : trade.entryPrice - exit;
  return roundTo(perUnit, PROFIT_LOSS_DECIMALS);
}
