import type { QueryClient } from '@tanstack/react-query';
import type { BingoState } from '@tb/core';
import { isApiError } from '@/lib/api-error';
import { createTrade, fetchBingo, journalKeys, saveBingo, setTradeStatus } from './api';
import { readLocalJournal, resetLocalJournal } from './local-store';
import { openPremiumLock } from './premium-lock-store';
import { clearLocalJournal } from './storage';

const isBlank = (state: BingoState) =>
  state.bingoPages.length === 1 &&
  state.bingoPages.every((b) =>
    b.bingoCells.every((c) => !c.selected && c.points === 0 && !c.title),
  );

/**
 * Sends the anonymous journal to the account: each trade is POSTed (and closed again when it
 * was closed), the local boards replace an untouched server board or are appended to the
 * server's boards. Nothing on the server is overwritten. The local copy is then forgotten.
 */
export async function uploadLocalJournal(client: QueryClient): Promise<void> {
  const { bingo, trades } = readLocalJournal();
  for (const trade of [...trades].reverse()) {
    try {
      const saved = await createTrade({
        pair: trade.pair,
        isLong: trade.isLong,
        entryPrice: trade.entryPrice,
        stopLoss: trade.stopLoss,
        takeProfit: trade.takeProfit,
        notes: trade.notes,
        status: 'OPEN',
        date: trade.date,
        ...(trade.score === null ? {} : { score: trade.score }),
      });
      if (trade.status !== 'OPEN') await setTradeStatus(saved.id, trade.status);
    } catch {
      // One refused trade (e.g. the session ended today) must not stop the others.
    }
  }
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
    clearLocalJournal();
    resetLocalJournal();
    await client.invalidateQueries({ queryKey: journalKeys.all });
  }
}
