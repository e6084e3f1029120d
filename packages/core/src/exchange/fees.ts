/**
 * Hyperliquid's base-tier fee rates as fractions of notional (HYPERLIQUID.md, `userFees`):
 * a taker pays 0.045 %, a resting (maker) order 0.015 %.
 */
export const TAKER_FEE_RATE = 0.00045;
export const MAKER_FEE_RATE = 0.00015;

/**
 * What a stop is assumed to slip past its trigger, as a fraction of its price, when the place
 * dialog says what the stop would lose: a stop market order fills at the book, not at the level.
 */
export const STOP_SLIPPAGE_ALLOWANCE = 0.001;

/** What a bracket costs and risks before it is placed, in coin units and USD. */
export interface BracketCosts {
  /** Coin units bought (long) or sold (short): size ÷ entry. */
  quantity: number;
  /** Fee of the entry: maker for a limit at the entry, taker at market. */
  entryFeeUsd: number;
  /** Fee of the stop's market fill (taker). */
  stopFeeUsd: number;
  /** The allowance for the stop filling past its level ({@link STOP_SLIPPAGE_ALLOWANCE}). */
  stopSlippageUsd: number;
  /** What the trade loses if the stop fills: the move to the stop, both fees and the slippage. */
  riskAtStopUsd: number;
}

/**
 * The costs of a bracket of `sizeUsd` at `entry` with its stop at `stop`: a limit entry is
 * charged as a maker (it rests at the entry), a market entry as a taker; the stop as a taker.
 */
export function bracketCosts(input: {
  entry: number;
  stop: number;
  sizeUsd: number;
  type: 'limit' | 'market';
}): BracketCosts {
  const { entry, stop, sizeUsd, type } = input;
  const quantity = entry > 0 ? sizeUsd / entry : 0;
  const entryFeeUsd = sizeUsd * (type === 'market' ? TAKER_FEE_RATE : MAKER_FEE_RATE);
  const stopNotional = quantity * stop;
  const stopFeeUsd = stopNotional * TAKER_FEE_RATE;
  const stopSlippageUsd = stopNotional * STOP_SLIPPAGE_ALLOWANCE;
  const moveUsd = quantity * Math.abs(entry - stop);
  return {
    quantity,
    entryFeeUsd,
    stopFeeUsd,
    stopSlippageUsd,
    riskAtStopUsd: moveUsd + entryFeeUsd + stopFeeUsd + stopSlippageUsd,
  };
}
