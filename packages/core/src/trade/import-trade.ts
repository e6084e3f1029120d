import { roundTo } from '../format/round.js';
import { riskTierFromScore, type RiskTier } from '../risk/tiers.js';
import type { TradeStatus } from './status.js';
import { closeTrade, type TradeClosing } from './close-trade.js';
import { riskRewardRatio } from './levels.js';
import { positionRisk, type CellSnapshot } from './open-trade.js';
import { price, usd, type Price, type Usd } from '../units/units.js';

/** A trade of the browser's journal, as signing in uploads it (POST /api/trades/import). */
export interface ImportTradeInput {
  pair: string;
  isLong: boolean;
  entryPrice: number;
  stopLoss: number;
  takeProfit: number;
  notes: string;
  status: TradeStatus;
  /** When it was taken and, closed, when it closed (ISO). */
  date: string;
  closedAt?: string | null;
  sizeUsd: number;
  sizeEstimated: boolean;
  targetManual: boolean;
  /** The ticked cells when it was opened; null for a trade recorded before snapshots. */
  cells: CellSnapshot[] | null;
  streakAtOpen?: number | null;
  accountSizeAtOpen?: number | null;
}

/** Every fact an imported trade is stored with; the close is null while OPEN. */
export interface ImportedTrade {
  pair: string;
  isLong: boolean;
  entryPrice: Price;
  stopLoss: Price;
  takeProfit: Price;
  riskRewardRatio: number;
  notes: string;
  score: number;
  tier: RiskTier;
  cells: CellSnapshot[] | null;
  targetManual: boolean;
  sizeUsd: Usd;
  quantity: number;
  riskUsd: Usd;
  sizeEstimated: boolean;
  streakAtOpen: number | null;
  accountSizeAtOpen: Usd | null;
  date: string;
  closing: (TradeClosing & { closedAt: string }) | null;
}

/**
 * A trade of the anonymous journal as the account keeps it: its snapshot (cells, and the
 * score and tier they make, recomputed here rather than taken on the client's word), its
 * size and times; R/R, quantity and risk from its levels, and a closed one's exit, R and P/L
 * from core's closeTrade, as any close. Levels are checked by the request schema.
 */
export function importTrade(input: ImportTradeInput): ImportedTrade {
  const score = roundTo(
    (input.cells ?? []).reduce((sum, cell) => sum + cell.points, 0),
    2,
  );
  const rr = riskRewardRatio({
    isLong: input.isLong,
    stopLoss: input.stopLoss,
    entry: input.entryPrice,
    target: input.takeProfit,
  });
  const { quantity, riskUsd } = positionRisk(input.sizeUsd, input.entryPrice, input.stopLoss);
  let closing: ImportedTrade['closing'] = null;
  if (input.status !== 'OPEN') {
    const closed = closeTrade({ ...input, quantity, status: 'OPEN' }, input.status);
    if (closed.ok) closing = { ...closed.value, closedAt: input.closedAt ?? input.date };
  }
  return {
    pair: input.pair,
    isLong: input.isLong,
    entryPrice: price(input.entryPrice),
    stopLoss: price(input.stopLoss),
    takeProfit: price(input.takeProfit),
    riskRewardRatio: roundTo(rr ?? 0, 2),
    notes: input.notes,
    score,
    tier: riskTierFromScore(score),
    cells: input.cells,
    targetManual: input.targetManual,
    sizeUsd: usd(input.sizeUsd),
    quantity,
    riskUsd,
    sizeEstimated: input.sizeEstimated,
    streakAtOpen: input.streakAtOpen ?? null,
    accountSizeAtOpen:
      input.accountSizeAtOpen === undefined || input.accountSizeAtOpen === null
        ? null
        : usd(input.accountSizeAtOpen),
    date: input.date,
    closing,
  };
}
