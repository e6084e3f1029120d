import { MAX_ITEMS_PER_QUERY } from './limits.js';
import type {
  Account,
  AccountChanges,
  AccountFill,
  Agent,
  FillQuery,
  FillRecord,
  FundingQuery,
  FundingRecord,
  OrderRecord,
  PaperReads,
  PaperStore,
  PaperTransaction,
} from './types.js';
import { KeyedLocks } from './util/keyed-locks.js';

/** The committed state of a memory store. Everything handed out is a copy. */
class MemoryData {
  seed: number | undefined;
  blocks = 0;
  readonly accounts = new Map<string, Account>();
  readonly agents = new Map<string, Agent>();
  readonly nonces = new Map<string, number[]>();
  /** Per address, oldest first. */
  readonly fills = new Map<string, FillRecord[]>();
  readonly history = new Map<string, OrderRecord[]>();
  /** Per address, oldest first (within an hour, by coin). */
  readonly fundings = new Map<string, FundingRecord[]>();
}

const copy = <T>(value: T): T => structuredClone(value);

/** Keeps the newest `keep` items of a list kept oldest first. */
function keepNewest<T>(list: T[], keep: number): void {
  if (list.length > keep) list.splice(0, list.length - keep);
}

class MemoryReads implements PaperReads {
  constructor(protected readonly data: MemoryData) {}

  async account(address: string): Promise<Account | undefined> {
    const account = this.data.accounts.get(address);
    return account && copy(account);
  }

  async agent(address: string): Promise<Agent | undefined> {
    const agent = this.data.agents.get(address);
    return agent && copy(agent);
  }

  async agentsOf(master: string): Promise<Agent[]> {
    return copy([...this.data.agents.values()].filter((agent) => agent.master === master));
  }

  async fills(address: string, query: FillQuery): Promise<FillRecord[]> {
    const all = this.data.fills.get(address) ?? [];
    if (query.startTime === undefined) return copy(all.slice(-query.limit).reverse());
    const end = query.endTime ?? Number.MAX_SAFE_INTEGER;
    const start = query.startTime;
    return copy(all.filter((f) => f.time >= start && f.time <= end).slice(0, query.limit));
  }

  async fundings(address: string, query: FundingQuery): Promise<FundingRecord[]> {
    const all = this.data.fundings.get(address) ?? [];
    const end = query.endTime ?? Number.MAX_SAFE_INTEGER;
    const start = query.startTime;
    return copy(all.filter((f) => f.time >= start && f.time <= end).slice(0, query.limit));
  }

  async orderHistory(address: string, limit: number): Promise<OrderRecord[]> {
    const all = this.data.history.get(address) ?? [];
    return copy([...all].sort((a, b) => b.oid - a.oid).slice(0, limit));
  }

  async recentTakerFills(coin: string, sinceMs: number, limit: number): Promise<AccountFill[]> {
    const found: AccountFill[] = [];
    for (const [address, fills] of this.data.fills) {
      for (const fill of fills) {
        if (fill.coin === coin && fill.crossed && fill.time >= sinceMs) {
          found.push({ address, fill });
        }
      }
    }
    return copy(found.sort((a, b) => b.fill.time - a.fill.time).slice(0, limit));
  }
}

/**
 * A transaction on the memory store: locks are taken per account, signer and agent address
 * (the same rows the database locks), reads see the committed state, and writes are kept
 * aside and applied together by `commit`, so a failed request changes nothing.
 */
class MemoryTransaction extends MemoryReads implements PaperTransaction {
  readonly #releases: Array<() => void> = [];
  readonly #held = new Set<string>();
  readonly #writes: Array<() => void> = [];
  /** Agent addresses this transaction deleted (a re-approval puts them back). */
  readonly #removed = new Set<string>();

  constructor(
    data: MemoryData,
    private readonly locks: KeyedLocks,
  ) {
    super(data);
  }

  async #lock(key: string): Promise<void> {
    if (this.#held.has(key)) return;
    this.#held.add(key);
    this.#releases.push(await this.locks.acquire(key));
  }

  async lockAccount(address: string): Promise<Account | undefined> {
    await this.#lock(`account:${address}`);
    return this.account(address);
  }

  async insertAccount(account: Account): Promise<boolean> {
    await this.#lock(`account:${account.address}`);
    if (this.data.accounts.has(account.address)) return false;
    const row = copy(account);
    this.#writes.push(() => this.data.accounts.set(row.address, row));
    return true;
  }

  async saveAccount(account: Account, changes: AccountChanges): Promise<void> {
    const { address } = account;
    if (!this.#held.has(`account:${address}`)) throw new Error(`account ${address} is not locked`);
    const row = copy(account);
    const fills = copy(changes.fills);
    const finished = copy(changes.finished);
    const fundings = copy(changes.fundings);
    this.#writes.push(() => {
      this.data.accounts.set(address, row);
      const allFills = [...(this.data.fills.get(address) ?? []), ...fills];
      const history = [...(this.data.history.get(address) ?? []), ...finished];
      const allFundings = [...(this.data.fundings.get(address) ?? []), ...fundings];
      keepNewest(allFills, MAX_ITEMS_PER_QUERY);
      keepNewest(history, MAX_ITEMS_PER_QUERY);
      keepNewest(allFundings, MAX_ITEMS_PER_QUERY);
      this.data.fills.set(address, allFills);
      this.data.history.set(address, history);
      this.data.fundings.set(address, allFundings);
    });
  }

  async lockNonces(signer: string): Promise<number[]> {
    await this.#lock(`nonces:${signer}`);
    return copy(this.data.nonces.get(signer) ?? []);
  }

  async saveNonces(signer: string, nonces: number[]): Promise<void> {
    const row = copy(nonces);
    this.#writes.push(() => this.data.nonces.set(signer, row));
  }

  async putAgent(agent: Agent): Promise<boolean> {
    await this.#lock(`agent:${agent.address}`);
    const owner = this.data.agents.get(agent.address)?.master;
    const removedHere = this.#removed.has(agent.address);
    if (owner !== undefined && owner !== agent.master && !removedHere) return false;
    const row = copy(agent);
    this.#writes.push(() => this.data.agents.set(row.address, row));
    return true;
  }

  async deleteAgent(address: string): Promise<void> {
    await this.#lock(`agent:${address}`);
    this.#removed.add(address);
    this.#writes.push(() => this.data.agents.delete(address));
  }

  async newIdBlock(): Promise<number> {
    // Like a database sequence: taken at once, never given back.
    this.data.blocks += 1;
    return this.data.blocks;
  }

  commit(): void {
    for (const write of this.#writes) write();
  }

  release(): void {
    for (const release of this.#releases.reverse()) release();
  }
}

/**
 * The paper exchange's state in memory (the standalone runner and tests). Transactions lock
 * what they touch, per key, so requests on different accounts run side by side; a
 * transaction whose work fails leaves nothing behind. History is kept to the newest 2,000
 * fills, finished orders and fundings per account.
 */
export class MemoryPaperStore implements PaperStore {
  readonly #data = new MemoryData();
  readonly #locks = new KeyedLocks();
  readonly read: PaperReads = new MemoryReads(this.#data);

  async seed(initial: number): Promise<number> {
    this.#data.seed ??= initial;
    return this.#data.seed;
  }

  async transaction<T>(work: (tx: PaperTransaction) => Promise<T>): Promise<T> {
    const tx = new MemoryTransaction(this.#data, this.#locks);
    try {
      const result = await work(tx);
      tx.commit();
      return result;
    } finally {
      tx.release();
    }
  }
}
