import type { PaperStore, PaperTransaction } from '../types.js';
import type { KeyedLocks } from '../util/keyed-locks.js';

/** What every handler works with: the store, the price path's seed and the clock (epoch ms). */
export interface ExchangeDeps {
  store: PaperStore;
  seed: number;
  now: () => number;
  faucetUsd: number;
  /** One request per account at a time in this process (see KeyedLocks). */
  accounts: KeyedLocks;
}

/** Runs `work` in a store transaction, after this process's earlier requests on `address`. */
export function accountTransaction<T>(
  deps: ExchangeDeps,
  address: string,
  work: (tx: PaperTransaction) => Promise<T>,
): Promise<T> {
  return deps.accounts.run(address, () => deps.store.transaction(work));
}
