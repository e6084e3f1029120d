import { MemoryPaperStore } from '../memory-store.js';
import type { PaperReads, PaperStore, PaperTransaction } from '../types.js';

/**
 * A memory store with a hook before every account write, inside the transaction: a test can
 * make the write wait (a slow transaction holding its account) or fail (a database error).
 */
export class HookedStore implements PaperStore {
  readonly inner = new MemoryPaperStore();
  /** Runs before an account is inserted or saved; may wait or throw. */
  beforeWrite: (address: string) => Promise<void> | void = () => undefined;

  get read(): PaperReads {
    return this.inner.read;
  }

  seed(initial: number): Promise<number> {
    return this.inner.seed(initial);
  }

  transaction<T>(work: (tx: PaperTransaction) => Promise<T>): Promise<T> {
    return this.inner.transaction((tx) =>
      work({
        agent: (address) => tx.agent(address),
        lockAccount: (address) => tx.lockAccount(address),
        insertAccount: async (account) => {
          await this.beforeWrite(account.address);
          return tx.insertAccount(account);
        },
        saveAccount: async (account, changes) => {
          await this.beforeWrite(account.address);
          return tx.saveAccount(account, changes);
        },
        lockNonces: (signer) => tx.lockNonces(signer),
        saveNonces: (signer, nonces) => tx.saveNonces(signer, nonces),
        agentsOf: (master) => tx.agentsOf(master),
        putAgent: (agent) => tx.putAgent(agent),
        deleteAgent: (address) => tx.deleteAgent(address),
        newIdBlock: () => tx.newIdBlock(),
      }),
    );
  }
}

/** A gate a hook can wait on: `reached` resolves when something waits, `open` lets it go. */
export function gate() {
  let open!: () => void;
  let reached!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const waiting = new Promise<void>((resolve) => (reached = resolve));
  return {
    reached: waiting,
    open,
    wait: async () => {
      reached();
      await opened;
    },
  };
}
