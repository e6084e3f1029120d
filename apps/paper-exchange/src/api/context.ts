import type { MarkPins } from '../market/pins.js';
import type { PaperStore, PaperTransaction } from '../types.js';
import type { KeyedLocks } from '../util/keyed-locks.js';

/** What every handler works with: the store, the price path's seed and the clock (epoch ms). */
export interface ExchangeDeps {
  store: PaperStore;
  seed: number;
  now: () => number;
  faucetUsd: number;
  /** Marks pinned by POST /control/mark (PAPER_CONTROL). */
  pins: MarkPins;
  /** One request per account at a time in this process (see KeyedLocks). */
  accounts: KeyedLocks;
  /** Aborted when the request's caller gave up on it (see PaperExchange.exchange). */
  signal?: AbortSignal;
}

/**
 * Runs `work` in a store transaction, after this process's earlier requests on `address`. A
 * request whose signal aborted (while it waited, or before its transaction commits) throws the
 * signal's reason instead, having changed nothing.
 */
export function accountTransaction<T>(
  deps: ExchangeDeps,
  address: string,
  work: (tx: PaperTransaction) => Promise<T>,
): Promise<T> {
  const { signal } = deps;
  return deps.accounts.run(address, () => {
    signal?.throwIfAborted();
    return deps.store.transaction(async (tx) => {
      const result = await work(tx);
      signal?.throwIfAborted();
      return result;
    });
  });
}
