import { fail, ok, type Result } from '../result.js';
import { price, rMultiple, usd, type Price, type RMultiple, type Usd } from '../units/units.js';
import { tradeMessages } from './messages.js';
import { profitLossOnClose } from './pnl.js';
import { canChangeTrade, type ClosedTradeStatus, type TradeStatus } from './status.js';

/** What closing needs of a trade: its prices, side, position and status. */
export interface ClosableTrade {
  isLong: boolean;
  entryPrice: number;
  stopLoss: number;
  takeProfit: number;
  /** Units of the asset held (`sizeUsd / entryPrice`). */
  quantity: number;
  status: TradeStatus;
}

/** The facts a close records (DESIGN.md section 7). */
export interface TradeClosing {
  status: ClosedTradeStatus;
  exitPrice: Price;
  /** SPEC's field: the price difference per unit, never summed across trades. */
  profitLoss: number;
  rMultiple: RMultiple;
  pnlUsd: Usd;
}

/**
 * The R-multiple of an exit at `exit`: long `(exit − entry) / (entry − stop)`, short
 * `(entry − exit) / (stop − entry)`; -1 at the stop, the planned R/R at the target.
 */
export function rMultipleAt(
  trade: Pick<ClosableTrade, 'isLong' | 'entryPrice' | 'stopLoss'>,
  exit: number,
): RMultiple {
  const { entryPrice: entry, stopLoss: stop } = trade;
  const risk = trade.isLong ? entry - stop : stop - entry;
  if (!(risk > 0)) return rMultiple(0);
  return rMultiple((trade.isLong ? exit - entry : entry - exit) / risk);
}

/**
 * The P/L in USD of an exit at `exit`: `quantity × (exit − entry)` long, `quantity ×
 * (entry − exit)` short, minus `feesUsd` (0 unless fills are known).
 */
export function pnlUsdAt(
  trade: Pick<ClosableTrade, 'isLong' | 'entryPrice' | 'quantity'>,
  exit: number,
  feesUsd = 0,
): Usd {
  const move = trade.isLong ? exit - trade.entryPrice : trade.entryPrice - exit;
  return usd(trade.quantity * move - feesUsd);
}

/**
 * Closes an OPEN trade at its target (TARGET_HIT) or its stop (STOPLOSS_HIT): exit price,
 * per-unit P/L, R-multiple and USD P/L. Refuses with `CONFLICT` when it is already closed.
 */
export function closeTrade(
  trade: ClosableTrade,
  status: ClosedTradeStatus,
): Result<TradeClosing, 'CONFLICT'> {
  if (!canChangeTrade(trade.status)) return fail('CONFLICT', tradeMessages.tradeClosed, 'status');
  const exit = status === 'TARGET_HIT' ? trade.takeProfit : trade.stopLoss;
  return ok({
    status,
    exitPrice: price(exit),
    profitLoss: profitLossOnClose(trade, status),
    rMultiple: rMultipleAt(trade, exit),
    pnlUsd: pnlUsdAt(trade, exit),
  });
}
