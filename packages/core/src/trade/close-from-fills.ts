import { fillsVwap, type ExchangeFill } from '../exchange/fills.js';
import { roundTo } from '../format/round.js';
import { fail, ok, type Result } from '../result.js';
import { price, rMultiple, sumUsd, usd, type Price, type Usd } from '../units/units.js';
import { pnlUsdAt, rMultipleAt, type ClosableTrade, type TradeClosing } from './close-trade.js';
import { tradeMessages } from './messages.js';
import { PROFIT_LOSS_DECIMALS } from './pnl.js';
import { canChangeTrade, type ClosedTradeStatus } from './status.js';

/** A close read from exchange fills: the real entry, size and fees beside the usual facts. */
export interface FillsClosing extends TradeClosing {
  /** Every fill's fee (entry and exit), in USD. */
  feesUsd: Usd;
  /** Funding received while the trade was open (negative: paid), in USD. */
  fundingUsd: Usd;
  /** The entry fills' volume-weighted price (a market entry's real price). */
  entryPrice: Price;
  /** Units of the asset the entry fills bought or sold. */
  quantity: number;
  /** `quantity × entryPrice`. */
  sizeUsd: Usd;
  /** `quantity × |entry − stop|`: what the trade's stop would have lost. */
  riskUsd: Usd;
}

/** Why a trade cannot be closed from fills that hold no exit. */
export const NO_EXIT_FILLS_MESSAGE = 'There are no exit fills to close this trade from';

/**
 * Closes an OPEN trade from exchange fills: entry = entry fills' VWAP (the trade's own entry
 * when there are none), quantity = entry fills' size (else the exit fills'), exit = exit fills'
 * VWAP, fees = all fills' fees, funding = what the position received while open (negative:
 * paid; DESIGN.md section 11), rMultiple = rMultipleAt({isLong, entry, stop}, exit) + funding /
 * risk, pnlUsd = quantity × move − fees + funding (so rMultiple × riskUsd before fees, as
 * DESIGN.md section 7 has it). status: the given one, else
 * TARGET_HIT when rMultiple >= 0, STOPLOSS_HIT otherwise. CONFLICT when not OPEN,
 * BAD_REQUEST when there are no exit fills.
 */
export function closeFromFills(
  trade: ClosableTrade,
  entryFills: readonly ExchangeFill[],
  exitFills: readonly ExchangeFill[],
  status?: ClosedTradeStatus,
  fundingUsd = 0,
): Result<FillsClosing, 'CONFLICT' | 'BAD_REQUEST'> {
  if (!canChangeTrade(trade.status)) return fail('CONFLICT', tradeMessages.tradeClosed, 'status');
  const exit = fillsVwap(exitFills);
  if (!exit) return fail('BAD_REQUEST', NO_EXIT_FILLS_MESSAGE);
  const entry = fillsVwap(entryFills);
  const entryPrice = entry ? entry.price : trade.entryPrice;
  // Without entry fills (exits attached to a journal trade) what was held is what exited.
  const quantity = entry ? entry.size : exit.size;
  const filled = { isLong: trade.isLong, entryPrice, stopLoss: trade.stopLoss, quantity };
  const feesUsd = sumUsd([...entryFills, ...exitFills].map((fill) => fill.fee));
  const riskUsd = usd(quantity * Math.abs(entryPrice - trade.stopLoss));
  const priceR = rMultipleAt(filled, exit.price);
  const r = riskUsd > 0 && fundingUsd !== 0 ? rMultiple(priceR + fundingUsd / riskUsd) : priceR;
  const move = trade.isLong ? exit.price - entryPrice : entryPrice - exit.price;
  return ok({
    status: status ?? (r >= 0 ? 'TARGET_HIT' : 'STOPLOSS_HIT'),
    exitPrice: price(exit.price),
    profitLoss: roundTo(move, PROFIT_LOSS_DECIMALS),
    rMultiple: r,
    pnlUsd: usd(pnlUsdAt(filled, exit.price, feesUsd) + fundingUsd),
    feesUsd,
    fundingUsd: usd(fundingUsd),
    entryPrice: price(entryPrice),
    quantity,
    sizeUsd: usd(quantity * entryPrice),
    riskUsd,
  });
}
