import {
  openTrade,
  type BingoBoard,
  type CreateTradeRequest,
  type MarketPrice,
  type RiskState,
} from '@tb/core';
import { unwrap } from '../../lib/app-error.js';

export type Board = Pick<BingoBoard, 'id' | 'name' | 'bingoCells'>;

/** core openTrade of a request; refusals (session, size, levels) are thrown as answers. */
export const openFromBody = (
  body: CreateTradeRequest,
  risk: RiskState,
  board: Board,
  market: MarketPrice | null,
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
      { risk, cells: board.bingoCells, now: now.getTime(), timeZone, market },
    ),
  );
