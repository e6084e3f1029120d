/**
 * The worker thread that runs PGlite for a data folder (db/pglite-thread.ts is its other end).
 * PGlite is WebAssembly that runs each statement to its end without yielding: opening a
 * folder (0.5 s and more, initdb on a new one: seconds) and every query would otherwise stop
 * the server's event loop for as long. Here it stops only this thread's.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import {
  toWireError,
  type PgliteReply,
  type PgliteRequest,
  type PgliteWorkerData,
} from './pglite-protocol.js';

const port = parentPort!;
const { dataDir, options, settings = [] } = workerData as PgliteWorkerData;

/** Rolls a transaction back (thrown in its callback, never seen outside this file). */
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  tx: Transaction;
  finish: (commit: boolean) => void;
  done: Promise<void>;
}

const transactions = new Map<number, OpenTransaction>();
let nextTransaction = 1;

const post = (reply: PgliteReply) => port.postMessage(reply);

/** Parsers that hand a type's text over as it is (drizzle's for dates, intervals...). */
const rawParsers = (oids: number[] | undefined) =>
  oids && Object.fromEntries(oids.map((oid) => [oid, (text: string) => text]));

async function main() {
  let pg: PGlite;
  try {
    pg = new PGlite(dataDir, {
      ...(options as PGliteOptions),
      ...(settings.length > 0 && {
        startParams: [...PGlite.defaultStartParams, ...settings.flatMap((s) => ['-c', s])],
      }),
    });
    await pg.waitReady;
  } catch (err) {
    post({ id: 0, ok: false, error: toWireError(err) });
    return;
  }
  post({ id: 0, ok: true, value: null });
  port.on('message', (request: PgliteRequest) => {
    answer(pg, request).then(
      (value) => post({ id: request.id, ok: true, value }),
      (err: unknown) => post({ id: request.id, ok: false, error: toWireError(err) }),
    );
  });
}

async function answer(pg: PGlite, request: PgliteRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const on = request.tx ? openTransaction(request.tx).tx : pg;
      const parsers = rawParsers(request.rawOids);
      return on.query(request.sql, request.params, {
        ...(request.rowMode && { rowMode: request.rowMode }),
        ...(parsers && { parsers }),
      });
    }
    case 'exec':
      return (request.tx ? openTransaction(request.tx).tx : pg).exec(request.sql);
    case 'begin':
      return begin(pg);
    case 'rollback':
      return openTransaction(request.tx).tx.rollback();
    case 'end':
      return end(request.tx, request.commit);
    case 'close':
      // A transaction still open (its handler stuck when the shutdown's deadline came) is
      // rolled back: PGlite's close would wait for it, and the database would never close.
      await Promise.all(
        [...transactions.keys()].map((id) => end(id, false).catch(() => undefined)),
      );
      await pg.close();
      return null;
  }
}

function openTransaction(id: number): OpenTransaction {
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  return open;
}

/**
 * Opens a transaction with PGlite's own `transaction()`, so its locking, COMMIT and ROLLBACK
 * are PGlite's; answers once BEGIN ran, and the callback waits for `end`.
 */
function begin(pg: PGlite): Promise<number> {
  const id = nextTransaction++;
  return new Promise<number>((resolve, reject) => {
    let finish!: (commit: boolean) => void;
    const ended = new Promise<boolean>((r) => (finish = r));
    const done = pg.transaction(async (tx) => {
      transactions.set(id, { tx, finish, done });
      resolve(id);
      if (!(await ended)) throw ROLLBACK;
    });
    // BEGIN itself failed: the callback never ran.
    done.catch((err: unknown) => {
      if (!transactions.has(id)) reject(err);
    });
  });
}

/** Commits (or rolls back) and answers with the outcome: a failed COMMIT is an error. */
async function end(id: number, commit: boolean): Promise<null> {
  const open = openTransaction(id);
  open.finish(commit);
  try {
    await open.done;
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  } finally {
    transactions.delete(id);
  }
  return null;
}

void main();
