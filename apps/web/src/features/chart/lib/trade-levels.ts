import { symbolBase, type Trade } from '@tb/core';

/** The levels of the open trade the built-in chart draws as lines. */
export interface TradeLevels {
  tradeId: string;
  pair: string;
  isLong: boolean;
  entryPrice: number;
  stopLoss: number;
  takeProfit: number;
}

const baseOf = (symbol: string) => symbolBase(symbol)?.toUpperCase() ?? null;

/**
 * The newest OPEN trade on the chart's coin ('BTCUSDT' trades show on a 'BTCUSD' or
 * 'COINBASE:BTCUSD' chart: the coin is what matches, the quote is not), or null.
 */
export function openTradeLevels(trades: readonly Trade[], chartSymbol: string): TradeLevels | null {
  const coin = baseOf(chartSymbol);
  if (coin === null) return null;
  let newest: Trade | null = null;
  for (const trade of trades) {
    if (trade.status !== 'OPEN' || baseOf(trade.pair) !== coin) continue;
    if (newest === null || trade.createdAt > newest.createdAt) newest = trade;
  }
  if (newest === null) return null;
  const { id, pair, isLong, entryPrice, stopLoss, takeProfit } = newest;
  return { tradeId: id, pair, isLong, entryPrice, stopLoss, takeProfit };
}
