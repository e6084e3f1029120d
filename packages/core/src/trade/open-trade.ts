import { boardScore } from '../bingo/board.js';
import { formatUsd } from '../format/money.js';
import { formatPrice } from '../format/price.js';
import { roundTo } from '../format/round.js';
import { fail, ok, type Result } from '../result.js';
import { riskTierFromScore, type RiskTier } from '../risk/tiers.js';
import { recordTradeOpened } from '../risk/risk-state.js';
import type { BingoCell } from '../schemas/bingo.js';
import { withScriptTicks, type ScriptTicks } from '../script-cells/board.js';
import type { ScriptCellId } from '../script-cells/catalogue.js';
import type { RiskState } from '../schemas/risk.js';
import { requireOpenSession } from '../session/session-lock.js';
import { tradeSizing } from '../streak/sizing.js';
import { price, usd, type Price, type Usd } from '../units/units.js';
import { riskRewardRatio, tradeLevelsError } from './levels.js';
import { targetFromRiskReward } from './target.js';

/** A ticked cell as it was when the trade was opened (a snapshot: later edits do not apply). */
export interface CellSnapshot {
  /** Position on the board, 0..24. */
  index: number;
  title: string;
  points: number;
  /** Set when the script ticked this cell (DESIGN.md section 15). */
  script?: ScriptCellId;
  /** The number the script saw, in its catalogue entry's unit; only with `script`. */
  value?: number | null;
}

/** What the trader sets up: prices in dollars per unit, an optional smaller size in USD. */
export interface OpenTradeRequest {
  pair: string;
  isLong: boolean;
  stopLoss: number;
  entryPrice: number;
  takeProfit: number;
  notes?: string;
  /** Position notional in USD; the suggested size when absent. Never above it. */
  sizeUsd?: number;
  /** Whether the trader typed the target; read from the tier's target when absent. */
  targetManual?: boolean;
  /** When the trade was taken (ISO); `now` when absent. */
  date?: string;
}

/** Where the trade is opened: the risk state, the board on screen and the clock. */
export interface OpenTradeContext {
  risk: RiskState;
  /** The cells of the board the score comes from (the stored board, not the client's word). */
  cells: readonly BingoCell[];
  /**
   * What the script found for the board's script cells (the server's evaluation at save time):
   * a script cell counts only when ticked here, whatever `cells` says. None: no script ticks.
   */
  scriptTicks?: ScriptTicks | null;
  /** Epoch milliseconds. */
  now: number;
  /** The user's IANA zone; UTC by default. */
  timeZone?: string;
  /** The pair's market price where it is known (the server's market data); no bound without it. */
  market?: MarketPrice | null;
  /**
   * The USDC balance of the exchange account with live trading on, in dollars, when it was
   * read: the trade is sized from it and records it as the account size ({@link sizingOf}).
   */
  exchangeBalanceUsd?: number | null;
}

/** Every fact a journal trade records when it is opened (DESIGN.md section 7). */
export interface OpenedTrade {
  pair: string;
  isLong: boolean;
  entryPrice: Price;
  stopLoss: Price;
  takeProfit: Price;
  /** Planned reward ÷ risk, 2 decimals. */
  riskRewardRatio: number;
  notes: string;
  score: number;
  tier: RiskTier;
  cells: CellSnapshot[];
  targetManual: boolean;
  sizeUsd: Usd;
  /** `sizeUsd / entryPrice`, units of the asset. */
  quantity: number;
  /** `quantity × |entry − stop|`: what the stop loses. */
  riskUsd: Usd;
  streakAtOpen: number;
  accountSizeAtOpen: Usd;
  date: string;
}

/**
 * The ticked cells of a board as snapshots, in board order; a script cell names its script and
 * the value the script saw (from `ticks`).
 */
export function tickedCells(cells: readonly BingoCell[], ticks: ScriptTicks = {}): CellSnapshot[] {
  return cells.flatMap((cell, index): CellSnapshot[] => {
    if (!cell.selected) return [];
    const snapshot = { index, title: cell.title.trim(), points: cell.points };
    if (cell.script === undefined) return [snapshot];
    return [{ ...snapshot, script: cell.script, value: ticks[cell.script]?.value ?? null }];
  });
}

/** The position a size buys and what its stop risks: `quantity`, `riskUsd`. */
export function positionRisk(
  sizeUsd: number,
  entryPrice: number,
  stopLoss: number,
): { quantity: number; riskUsd: Usd } {
  const quantity = entryPrice > 0 ? sizeUsd / entryPrice : 0;
  return { quantity, riskUsd: usd(quantity * Math.abs(entryPrice - stopLoss)) };
}

/**
 * The one sizing rule of a trade (SPEC.md section 9): with an exchange balance, the account is
 * the balance and the size `round(balance × (10 + 2 × streak) / 100)`; without one, the stored
 * account size and the base trade size scaled by the streak.
 */
export function sizingOf(risk: RiskState, exchangeBalanceUsd?: number | null) {
  return tradeSizing({
    streak: risk.tradeStreak,
    exchangeBalanceUsd,
    accountSizeUsd: risk.accountSize,
    baseTradeSizeUsd: risk.baseTradeSize,
  });
}

/** The suggested size of the next trade in USD ({@link sizingOf}). */
export function suggestedSizeUsd(risk: RiskState, exchangeBalanceUsd?: number | null): Usd {
  return usd(sizingOf(risk, exchangeBalanceUsd).tradeSizeUsd);
}

/** Largest planned reward ÷ risk a trade may have: beyond it the prices are a typo. */
export const MAX_PLANNED_RR = 100;

/**
 * Why a position size cannot be used, or null when it can: above $0 and at most the suggested
 * size (a trader may size down, never up). Both in USD.
 */
export function checkTradeSize(sizeUsd: number, suggestedUsd: number): string | null {
  if (!(sizeUsd > 0)) return 'Trade size must be above $0';
  if (sizeUsd > suggestedUsd) {
    return `Trade size ${formatUsd(sizeUsd)} is above the suggested ${formatUsd(suggestedUsd)} for your streak: size down, never up.`;
  }
  return null;
}

/**
 * Why these levels are too far apart to be a real trade, or null: a stop more than the whole
 * entry price away (a short's stop above twice the entry: it would risk more than the
 * position), or a target more than {@link MAX_PLANNED_RR} times the risk away.
 */
export function levelsRangeError(
  isLong: boolean,
  stopLoss: number,
  entryPrice: number,
  riskReward: number,
): string | null {
  if (!isLong && stopLoss - entryPrice > entryPrice) {
    return 'The stop is more than 100% above the entry: check the prices';
  }
  if (riskReward > MAX_PLANNED_RR) {
    return `The target is more than ${MAX_PLANNED_RR}R away: check the prices`;
  }
  return null;
}

/** A pair's market price as the exchange quotes it ('BTC-USD', 65000.5). */
export interface MarketPrice {
  symbol: string;
  price: number;
}

/**
 * How far from the market an entry may be: between the market price divided and multiplied by
 * this factor (half to double). Wide, because a journal entry may be a trade taken hours or
 * days earlier, or on another venue, and crypto moves tens of percent in that time; narrow
 * enough that a price off by a digit (×10, ÷10) or typed from nowhere (0.000001) is caught.
 */
export const MARKET_PRICE_FACTOR = 2;

/** A price in a message, as every screen shows prices. */
const shownPrice = (value: number) => formatPrice(value);

/**
 * Why an entry is too far from its pair's market price ({@link MARKET_PRICE_FACTOR}), or null:
 * also null when the market is unknown (no exchange, offline, a pair it does not list).
 */
export function entryMarketError(
  entryPrice: number,
  market: MarketPrice | null | undefined,
): string | null {
  if (!market || !(market.price > 0)) return null;
  const low = market.price / MARKET_PRICE_FACTOR;
  const high = market.price * MARKET_PRICE_FACTOR;
  if (entryPrice >= low && entryPrice <= high) return null;
  return (
    `Entry ${shownPrice(entryPrice)} is far from the market price of ${market.symbol} ` +
    `(${shownPrice(market.price)}): enter a price between ${shownPrice(low)} and ` +
    `${shownPrice(high)} (half to double the market price), or check it for a missing or ` +
    `extra digit.`
  );
}

/**
 * Opens a trade: the one rule used by the server's journal and the browser's local journal.
 * Refuses with SESSION_ENDED while the session is ended (sessionLock), with VALIDATION_ERROR
 * when the prices are not ordered for the side, the entry is far from a known market
 * (entryMarketError), the levels are too far apart (levelsRangeError), or the
 * size is above the suggested size (checkTradeSize). Records the ticked cells, score and tier of `cells`, the
 * size, quantity and risk in USD, the streak and account size; the risk state counts the trade
 * as opened today.
 */
export function openTrade(
  request: OpenTradeRequest,
  context: OpenTradeContext,
): Result<{ trade: OpenedTrade; risk: RiskState }, 'SESSION_ENDED' | 'VALIDATION_ERROR'> {
  const open = requireOpenSession(context.risk, context);
  if (!open.ok) return open;
  const risk = open.value;
  const { isLong, stopLoss, entryPrice, takeProfit } = request;
  const levels = { isLong, stopLoss, entry: entryPrice, target: takeProfit };
  const levelsError = tradeLevelsError(levels);
  if (levelsError) return fail('VALIDATION_ERROR', levelsError, 'entryPrice');
  const marketError = entryMarketError(entryPrice, context.market);
  if (marketError) return fail('VALIDATION_ERROR', marketError, 'entryPrice');
  const plannedRR = riskRewardRatio(levels) ?? 0;
  const rangeError = levelsRangeError(isLong, stopLoss, entryPrice, plannedRR);
  if (rangeError) return fail('VALIDATION_ERROR', rangeError, 'takeProfit');
  const sizing = sizingOf(risk, context.exchangeBalanceUsd);
  const suggested = usd(sizing.tradeSizeUsd);
  const sizeUsd = usd(request.sizeUsd ?? suggested);
  const sizeError = checkTradeSize(sizeUsd, suggested);
  if (sizeError) return fail('VALIDATION_ERROR', sizeError, 'sizeUsd');
  const ticks = context.scriptTicks ?? {};
  const cells = withScriptTicks(context.cells, ticks);
  const score = boardScore(cells);
  const tier = riskTierFromScore(score);
  const tierTarget = targetFromRiskReward({
    isLong,
    stopLoss,
    entry: entryPrice,
    riskReward: tier,
  });
  return ok({
    trade: {
      pair: request.pair,
      isLong,
      entryPrice: price(entryPrice),
      stopLoss: price(stopLoss),
      takeProfit: price(takeProfit),
      riskRewardRatio: roundTo(plannedRR, 2),
      notes: request.notes ?? '',
      score,
      tier,
      cells: tickedCells(cells, ticks),
      targetManual: request.targetManual ?? tierTarget !== takeProfit,
      sizeUsd,
      ...positionRisk(sizeUsd, entryPrice, stopLoss),
      streakAtOpen: risk.tradeStreak,
      accountSizeAtOpen: usd(sizing.accountSizeUsd),
      date: request.date ?? new Date(context.now).toISOString(),
    },
    risk: recordTradeOpened(risk, context.now),
  });
}

/** The prices of an OPEN trade as edited in Trade History. */
export interface TradeRepricing {
  isLong: boolean;
  stopLoss: number;
  entryPrice: number;
  takeProfit: number;
}

/**
 * The facts that follow from edited prices of an OPEN trade: the planned R/R, and the
 * quantity and risk of the same USD size at the new entry and stop.
 */
export function repriceTrade(
  sizeUsd: number,
  prices: TradeRepricing,
): { riskRewardRatio: number; quantity: number; riskUsd: Usd } {
  const levels = {
    isLong: prices.isLong,
    stopLoss: prices.stopLoss,
    entry: prices.entryPrice,
    target: prices.takeProfit,
  };
  return {
    riskRewardRatio: roundTo(riskRewardRatio(levels) ?? 0, 2),
    ...positionRisk(sizeUsd, prices.entryPrice, prices.stopLoss),
  };
}
