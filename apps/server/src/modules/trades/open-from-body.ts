import {
  openTrade,
  type BingoBoard,
  type CreateTradeRequest,
  type MarketPrice,
  type RiskState,
  type ScriptTicks,
} from '@tb/core';
import { unwrap } from '../../lib/app-error.js';

/** The stored board on screen, with what the script found for its script cells (none: {}). */
export type Board = Pick<BingoBoard, 'id' | 'name' | 'bingoCells'> & { scriptTicks?: ScriptTicks };

/**
 * What a new trade is opened against, read before any transaction opens (the market, the
 * balance and the script may wait on the exchange): the stored board with its script ticks,
 * the pair's market price where known,
 * and the exchange's USDC balance with live trading on (null when off or not read).
 */
export interface OpenInputs {
  board: Board;
  market: MarketPrice | null;
  balanceUsd: number | null;
}

/** core openTrade of a request; refusals (session, size, levels) are thrown as answers. */
export const openFromBody = (
  body: CreateTradeRequest,
  risk: RiskState,
  inputs: OpenInputs,
  timeZone: string,
  now: Date,
) =>
  unwrap(
    openTrade(
      {
        pair: body.pair,
        isLong: body.isLong,
        stopLoss: body.stopLoss,
        entryPrice: body.entryPrice,
        takeProfit: body.takeProfit,
        notes: body.notes,
        sizeUsd: body.sizeUsd,
        targetManual: body.targetManual,
        date: body.date,
      },
      {
        risk,
        cells: inputs.board.bingoCells,
        scriptTicks: inputs.board.scriptTicks ?? {},
        now: now.getTime(),
        timeZone,
        market: inputs.market,
        exchangeBalanceUsd: inputs.balanceUsd,
      },
    ),
  );
