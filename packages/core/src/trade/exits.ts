import { roundTo } from '../format/round.js';
import { fail, ok, type Result } from '../result.js';
import { price, type Price } from '../units/units.js';
import { pnlUsdAt, rMultipleAt, type ClosableTrade, type TradeClosing } from './close-trade.js';
import { tradeMessages } from './messages.js';
import { PROFIT_LOSS_DECIMALS } from './pnl.js';
import { canChangeTrade } from './status.js';

/**
 * Closing a trade by hand at the prices it really got (issue 26): in full or in parts, each
 * exit with its price and size. The trade closes when nothing is left open; its exit price is
 * the size-weighted mean of the exits, and R and USD follow from it (DESIGN.md section 7).
 */

/** One exit of a manual trade: units of the asset sold (long) or bought back (short). */
export interface TradeExit {
  price: Price;
  quantity: number;
  /** ISO time of the exit. */
  at: string;
}

/** What the trader asks for: a price, and how much (all that is open when left out). */
export interface ExitRequest {
  price: number;
  quantity?: number;
}

/** A trade that can be closed in parts: its position and the exits it already had. */
export interface ExitableTrade extends ClosableTrade {
  exits: readonly { price: number; quantity: number; at: string }[];
}

/** What an exit does: the exits after it, what is still open, and the close when it is the last. */
export interface ExitPlan {
  exits: TradeExit[];
  remaining: number;
  /** The trade's close facts when this exit leaves nothing open; null for a partial exit. */
  closing: TradeClosing | null;
  /** R and USD of this exit alone, on the trade's risk (a part's share of the whole). */
  part: { rMultiple: number; pnlUsd: number };
}

/** Sizes below this fraction of the position count as nothing left (float noise). */
const DUST = 1e-9;

/** Units still open after the exits taken so far (never below 0). */
export function openQuantity(trade: Pick<ExitableTrade, 'quantity' | 'exits'>): number {
  const sold = trade.exits.reduce((sum, exit) => sum + exit.quantity, 0);
  const left = trade.quantity - sold;
  return left <= trade.quantity * DUST ? 0 : left;
}

/** The size-weighted mean price of `exits`. */
export function weightedExitPrice(exits: readonly { price: number; quantity: number }[]): Price {
  const size = exits.reduce((sum, exit) => sum + exit.quantity, 0);
  const value = exits.reduce((sum, exit) => sum + exit.price * exit.quantity, 0);
  // 12 significant figures: q × 3200 / q must give 3200, not 3199.9999999999995.
  return price(size > 0 ? Number((value / size).toPrecision(12)) : 0);
}

/**
 * A closed trade's status from its result: a gain or nothing lost is TARGET_HIT (shown WIN,
 * or break-even when R is 0), a loss is STOPLOSS_HIT (LOSS), as a close from fills does.
 */
export function statusOfResult(pnlUsd: number): TradeClosing['status'] {
  return pnlUsd < 0 ? 'STOPLOSS_HIT' : 'TARGET_HIT';
}

/**
 * Plans one exit of an OPEN trade at `request.price` for `request.quantity` units (all that is
 * open when left out). Refuses a closed trade (CONFLICT), a price that is not above 0 or a
 * size that is not above 0 or more than is open (VALIDATION).
 */
export function planExit(
  trade: ExitableTrade,
  request: ExitRequest,
  at: string,
): Result<ExitPlan, 'CONFLICT' | 'VALIDATION_ERROR'> {
  if (!canChangeTrade(trade.status)) return fail('CONFLICT', tradeMessages.tradeClosed, 'status');
  if (!(request.price > 0) || !Number.isFinite(request.price)) {
    return fail('VALIDATION_ERROR', tradeMessages.exitPriceInvalid, 'price');
  }
  const open = openQuantity(trade);
  const asked = request.quantity ?? open;
  if (!(asked > 0) || !Number.isFinite(asked)) {
    return fail('VALIDATION_ERROR', tradeMessages.exitSizeInvalid, 'quantity');
  }
  if (asked > open * (1 + DUST)) {
    return fail('VALIDATION_ERROR', tradeMessages.exitSizeTooLarge(open), 'quantity');
  }
  const quantity = Math.min(asked, open);
  const exits: TradeExit[] = [
    ...trade.exits.map((exit) => ({ ...exit, price: price(exit.price) })),
    { price: price(request.price), quantity, at },
  ];
  const remaining = openQuantity({ quantity: trade.quantity, exits });
  const share = trade.quantity > 0 ? quantity / trade.quantity : 0;
  const part = {
    rMultiple: rMultipleAt(trade, request.price) * share,
    pnlUsd: pnlUsdAt({ ...trade, quantity }, request.price),
  };
  if (remaining > 0) return ok({ exits, remaining, closing: null, part });
  return ok({ exits, remaining: 0, closing: closingOf(trade, exits), part });
}

/** The close facts of a trade whose exits took its whole position. */
function closingOf(trade: ClosableTrade, exits: readonly TradeExit[]): TradeClosing {
  const exit = weightedExitPrice(exits);
  const pnlUsd = pnlUsdAt(trade, exit);
  const perUnit = trade.isLong ? exit - trade.entryPrice : trade.entryPrice - exit;
  return {
    status: statusOfResult(pnlUsd),
    exitPrice: exit,
    profitLoss: roundTo(perUnit, PROFIT_LOSS_DECIMALS),
    rMultiple: rMultipleAt(trade, exit),
    pnlUsd,
  };
}
