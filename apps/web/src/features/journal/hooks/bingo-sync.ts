import type { QueryClient } from '@tanstack/react-query';
import type { BingoState } from '@tb/core';
import { isApiError } from '@/lib/api-error';
import { fetchBingo, journalKeys, saveBingo } from '../api';

/** An edit of the whole bingo state; null means "nothing to save". */
export type BingoEdit = (state: BingoState) => BingoState | null;

interface Queue {
  chain: Promise<unknown>;
  pending: number;
}
const queues = new WeakMap<QueryClient, Queue>();

/**
 * Runs bingo writes one after another, so each save carries the version the previous answer
 * gave. The server's answer replaces the cached state only when no other write is waiting
 * (otherwise it would undo a newer optimistic change); the version is kept in step always.
 */
export function enqueueBingoWrite(
  client: QueryClient,
  task: () => Promise<BingoState>,
): Promise<BingoState> {
  const queue = queues.get(client) ?? { chain: Promise.resolve(), pending: 0 };
  queues.set(client, queue);
  queue.pending += 1;
  const run = queue.chain.then(task).then(
    (saved) => {
      queue.pending -= 1;
      client.setQueryData<BingoState>(journalKeys.bingo, (current) =>
        queue.pending === 0 || !current ? saved : { ...current, version: saved.version },
      );
      return saved;
    },
    (error: unknown) => {
      queue.pending -= 1;
      void client.invalidateQueries({ queryKey: journalKeys.bingo });
      throw error;
    },
  );
  queue.chain = run.catch(() => undefined);
  return run;
}

/**
 * Resolves once every bingo write queued on `client` has finished (saved or failed), also
 * those queued while waiting. A trade is saved after it: the server snapshots the ticked
 * cells of the stored board, so a toggle still on its way must land first.
 */
export async function bingoWritesSettled(client: QueryClient): Promise<void> {
  const queue = queues.get(client);
  while (queue && queue.pending > 0) await queue.chain;
}

/**
 * POST the cached state (optimistic edit already applied). On 409 STALE_VERSION somebody
 * saved in between: fetch the latest state, re-apply the same edit to it and save once more.
 */
export async function saveWithRetry(client: QueryClient, edit: BingoEdit): Promise<BingoState> {
  const current = client.getQueryData<BingoState>(journalKeys.bingo);
  if (!current) throw new Error('The bingo card is not loaded yet');
  try {
    return await saveBingo(current);
  } catch (error) {
    if (!isApiError(error) || error.code !== 'STALE_VERSION') throw error;
    const fresh = await fetchBingo();
    const merged = edit(fresh);
    if (!merged) return fresh;
    client.setQueryData(journalKeys.bingo, merged);
    return saveBingo({ ...merged, version: fresh.version });
  }
}
