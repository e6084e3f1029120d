/**
 * FIFO locks by key: one holder per key at a time, other keys never wait. The exchange takes
 * one per account before it opens a store transaction, so a client sending many requests on
 * one account queues here, in memory, instead of holding many database connections (or
 * PGlite's single one) while they wait for the account's row lock.
 */
export class KeyedLocks {
  readonly #tails = new Map<string, Promise<void>>();

  /** Waits for `key`, then holds it until the returned release is called. */
  async acquire(key: string): Promise<() => void> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => held);
    this.#tails.set(key, tail);
    await previous;
    return () => {
      release();
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    };
  }

  /** Runs `work` holding `key`. */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const release = await this.acquire(key);
    try {
      return await work();
    } finally {
      release();
    }
  }
}
