import type { QueryClient } from '@tanstack/react-query';
import {
  isBoardUntouched,
  MAX_IMPORTED_TRADES,
  type BingoState,
  type ImportTradeRequest,
  type Trade,
} from '@tb/core';
import { isApiError } from '@/lib/api-error';
import { fetchBingo, importTrades, journalKeys, saveBingo } from './api';
import { readLocalJournal, resetLocalJournal } from './local-store';
import { openPremiumLock } from './premium-lock-store';
import { clearLocalBoards, keepLocalTrades } from './storage';

/** A server state nobody has worked on yet: one board, blank or the untouched starter board. */
const isBlank = (state: BingoState) =>
  state.bingoPages.length === 1 && state.bingoPages.every(isBoardUntouched);

/** What an upload left in the browser. */
export interface UploadResult {
  /** The local trades the server did not take: they stay in the browser for the next sign-in. */
  kept: number;
  /** Why (e.g. the connection dropped): one error per refused batch. */
  errors: unknown[];
}

/** A local trade as POST /api/trades/import takes it: its snapshot, size and times as they were. */
function importBody(trade: Trade): ImportTradeRequest {
  return {
    pair: trade.pair,
    isLong: trade.isLong,
    entryPrice: trade.entryPrice,
    stopLoss: trade.stopLoss,
    takeProfit: trade.takeProfit,
    notes: trade.notes,
    status: trade.status,
    date: trade.date,
    closedAt: trade.closedAt,
    sizeUsd: trade.sizeUsd,
    sizeEstimated: trade.sizeEstimated,
    targetManual: trade.targetManual,
    cells: trade.cells,
    streakAtOpen: trade.streakAtOpen,
    accountSizeAtOpen: trade.accountSizeAtOpen,
  };
}

/**
 * Imports the local trades, oldest first, in batches the server takes at once: each keeps its
 * cells, score, tier and size, and none uses one of today's trade slots. A batch the server
 * refuses stays in the browser, the others are forgotten there.
 */
async function uploadTrades(trades: readonly Trade[]): Promise<UploadResult> {
  const kept: Trade[] = [];
  const errors: unknown[] = [];
  const oldestFirst = [...trades].reverse();
  for (let i = 0; i < oldestFirst.length; i += MAX_IMPORTED_TRADES) {
    const batch = oldestFirst.slice(i, i + MAX_IMPORTED_TRADES);
    try {
      await importTrades({ trades: batch.map(importBody) });
    } catch (error) {
      // A refused batch must not stop the others, nor be lost with them.
      kept.unshift(...[...batch].reverse());
      errors.push(error);
    }
  }
  keepLocalTrades(kept);
  resetLocalJournal();
  return { kept: kept.length, errors };
}

/**
 * Sends the anonymous journal to the account: its trades imported as they were, the local boards replace an untouched server board or are appended to the
 * server's boards. Nothing on the server is overwritten. The local copy is then forgotten,
 * but for the trades the server refused (see `UploadResult`).
 */
export async function uploadLocalJournal(client: QueryClient): Promise<UploadResult> {
  const { bingo, trades } = readLocalJournal();
  const result = await uploadTrades(trades);
  const server = await fetchBingo();
  const taken = new Set(server.bingoPages.map((b) => b.id));
  const merged: BingoState = isBlank(server)
    ? { ...bingo, version: server.version }
    : {
        ...server,
        bingoPages: [
          ...server.bingoPages,
          ...bingo.bingoPages.filter(
            (b) => !taken.has(b.id) && !isBlank({ ...bingo, bingoPages: [b] }),
          ),
        ],
      };
  try {
    client.setQueryData(journalKeys.bingo, await saveBingo(merged));
  } catch (error) {
    if (isApiError(error) && error.code === 'PREMIUM_REQUIRED') openPremiumLock(error.message);
    else throw error;
  } finally {
    clearLocalBoards();
    resetLocalJournal();
    await client.invalidateQueries({ queryKey: journalKeys.all });
  }
  return result;
}
