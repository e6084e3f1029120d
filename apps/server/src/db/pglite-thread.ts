import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { PGlite, PGliteOptions, QueryOptions, Results } from '@electric-sql/pglite';
import {
  fromWireError,
  type PgliteReply,
  type PgliteRequest,
  type PgliteWorkerData,
} from './pglite-protocol.js';

/** What drizzle and the app use of a PGlite transaction. */
interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

type Body<R> = R extends PgliteRequest ? Omit<R, 'id'> : never;

/**
 * PGlite on a data folder, run in a worker thread (db/pglite-worker.ts): the same answers,
 * errors and transactions as PGlite's own `query`, `exec` and `transaction` (the worker calls
 * them), while the WebAssembly runs beside the event loop instead of stopping it. drizzle
 * takes it in place of a PGlite. A worker that dies fails every query as "PGlite is closed"
 * (503 DATABASE_UNAVAILABLE).
 */
export class PGliteThread {
  readonly waitReady: Promise<void>;
  #worker: Worker;
  #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  #nextId = 1;
  #closed = false;
  #closing = false;
  /** Opened once: a worker that fails to open is an error of waitReady, not a loss. */
  #open = false;

  /**
   * `onLost` hears of a worker that ended or failed while open (PGlite aborted, out of
   * memory): from then on every query fails as "PGlite is closed".
   */
  constructor(
    dataDir: string,
    options: Omit<PGliteOptions, 'dataDir'> = {},
    private readonly onLost: (reason: string) => void = () => undefined,
    /** PostgreSQL settings (`name=value`) on top of PGlite's start parameters. */
    settings: readonly string[] = [],
  ) {
    const data: PgliteWorkerData = {
      dataDir,
      options: options as Record<string, unknown>,
      settings,
    };
    this.#worker = startWorker(data);
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.#pending.set(0, {
        resolve: () => {
          this.#open = true;
          resolve();
        },
        reject,
      });
    });
    // Never an unhandled rejection: the opener awaits waitReady and sees the error there.
    this.waitReady.catch(() => undefined);
    this.#worker.on('message', (reply: PgliteReply) => this.#settle(reply));
    this.#worker.on('error', (err) => this.#fail(err));
    this.#worker.on('exit', (code) =>
      this.#fail(new Error('PGlite is closed'), `exit code ${code}`),
    );
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options, undefined);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#call({ op: 'exec', sql, tx: undefined }) as Promise<Results[]>;
  }

  /** PGlite's `transaction`: COMMIT after `callback`, ROLLBACK when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = (await this.#call({ op: 'begin' })) as number;
    let closed = false;
    const check = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: ThreadTransaction = {
      query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        check();
        return this.#query<R>(sql, params, options, id);
      },
      exec: async (sql: string) => {
        check();
        return (await this.#call({ op: 'exec', sql, tx: id })) as Results[];
      },
      rollback: async () => {
        check();
        await this.#call({ op: 'rollback', tx: id });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      closed = true;
      await this.#call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw err;
    }
    closed = true;
    await this.#call({ op: 'end', tx: id, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closing = true;
    await this.#call({ op: 'close' }).catch(() => undefined);
    this.#closed = true;
    await this.#worker.terminate();
  }

  /** drizzle's client type: this class answers every call drizzle makes. */
  asPGlite(): PGlite {
    return this as unknown as PGlite;
  }

  #query<T>(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx: number | undefined,
  ): Promise<Results<T>> {
    return this.#call({
      op: 'query',
      sql,
      params,
      rowMode: options?.rowMode,
      rawOids: rawOidsOf(options),
      tx,
    }) as Promise<Results<T>>;
  }

  #call(body: Body<PgliteRequest>): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...body, id });
    });
  }

  #settle(reply: PgliteReply) {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(fromWireError(reply.error));
  }

  #fail(err: Error, reason = err.message) {
    if (this.#open && !this.#closed && !this.#closing) this.onLost(reason);
    this.#closed = true;
    for (const { reject } of this.#pending.values()) reject(err);
    this.#pending.clear();
  }
}

/**
 * The types whose parser hands the text over unchanged (all drizzle passes). A parser that
 * changes the text cannot cross to the worker: refused rather than silently ignored.
 */
function rawOidsOf(options: QueryOptions | undefined): number[] | undefined {
  const parsers = options?.parsers;
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([oid, parse]) => {
    const probe = '2000-01-02 03:04:05.6+07';
    if (parse(probe, Number(oid)) !== probe) {
      throw new Error(`PGliteThread: only parsers that return the text as it is (type ${oid})`);
    }
    return Number(oid);
  });
}

/**
 * The built worker; from the TypeScript sources (tests, `npm run dev`) a bootstrap that loads
 * the source through tsx, whose loader a worker does not inherit.
 */
function startWorker(workerData: PgliteWorkerData): Worker {
  const built = new URL('./pglite-worker.js', import.meta.url);
  if (existsSync(built)) return new Worker(built, { workerData });
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}
