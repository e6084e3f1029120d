import type { QueryClient } from '@tanstack/react-query';
import { isBoardUntouched, type BingoState, type CreateTradeRequest, type Trade } from '@tb/core';
import { isApiError } from '@/lib/api-error';
import { createTrade, fetchBingo, journalKeys, saveBingo, setTradeStatus } from './api';
import { readLocalJournal, resetLocalJournal } from './local-store';
import { openPremiumLock } from './premium-lock-store';
import { clearLocalBoards, keepLocalTrades } from './storage';

/** A server state nobody has worked on yet: one board, blank or the untouched starter board. */
const isBlank = (state: BingoState) =>
  state.bingoPages.length === 1 && state.bingoPages.every(isBoardUntouched);

/**
 * POSTs one local trade with the facts the server takes from a request. Its recorded size
 * goes along unless it was estimated; a size above what the account's streak suggests now
 * is refused (400 on `sizeUsd`), and then the server's suggested size is used instead.
 */
async function uploadTrade(trade: Trade): Promise<Trade> {
  const body: CreateTradeRequest = {
    pair: trade.pair,
    isLong: trade.isLong,
    entryPrice: trade.entryPrice,
    stopLoss: trade.stopLoss,
    takeProfit: trade.takeProfit,
    notes: trade.notes,
    status: 'OPEN',
    date: trade.date,
    targetManual: trade.targetManual,
  };
  if (trade.sizeEstimated) return createTrade(body);
  try {
    return await createTrade({ ...body, sizeUsd: trade.sizeUsd });
  } catch (error) {
    if (isApiError(error) && error.field === 'sizeUsd') return createTrade(body);
    throw error;
  }
}

/** What an upload left in the browser. */
export interface UploadResult {
  /** The local trades the server refused: they stay in the browser for the next sign-in. */
  kept: number;
  /** Why, one error per refused trade (e.g. 403 SESSION_ENDED: the day's trade limit). */
  errors: unknown[];
}

/** POSTs the local trades, oldest first; keeps in the browser only those the server refused. */
async function uploadTrades(trades: readonly Trade[]): Promise<UploadResult> {
  const kept: Trade[] = [];
  const errors: unknown[] = [];
  for (const trade of [...trades].reverse()) {
    let saved: Trade;
    try {
      saved = await uploadTrade(trade);
    } catch (error) {
      // One refused trade must not stop the others, nor be lost with them.
      kept.unshift(trade);
      errors.push(error);
      continue;
    }
    // The trade is on the server now: a refused close must not keep it for a second upload.
    if (trade.status !== 'OPEN') await setTradeStatus(saved.id, trade.status).catch(() => {});
  }
  keepLocalTrades(kept);
  resetLocalJournal();
  return { kept: kept.length, errors };
}

/**
 * Sends the anonymous journal to the account: each trade is POSTed (and closed again when it
 * was closed), the local boards replace an untouched server board or are appended to the
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
