import { fileURLToPath } from 'node:url';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { AdvisoryLocks } from '../lib/user-lock.js';
import { pgAdvisoryLocks } from './advisory-locks.js';
import { migrationsApplied } from './migrations-applied.js';
import { openPgliteFolder } from './pglite-folder.js';
import * as schema from './schema/index.js';

/** The one database type every repository takes: PGlite and PostgreSQL share it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction in the database: what `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What a repository runs its queries on: the database or a transaction in it. Every repository
 * takes one in its constructor; a service that needs a transaction builds its repositories
 * over `tx` inside `db.transaction`, so their queries commit together.
 */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers when the database can run a query. */
  ping(): Promise<void>;
  /**
   * Applies the pending migrations of `folder` (the app's own by default). On PostgreSQL it
   * waits at most `lockWaitMs` for another instance's migration (MIGRATION_LOCK_WAIT_MS).
   */
  migrate(folder?: string, opts?: { lockWaitMs?: number }): Promise<void>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: advisory locks every instance on the database honours (one live action
   * per trader at a time, lib/user-lock.ts). PGlite has one process: its queue is enough.
   */
  advisory?: AdvisoryLocks;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface OpenOptions {
  /** PostgreSQL URL; without it, PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; without it (and without a URL), an in-memory database. */
  pgliteDir?: string | undefined;
  /**
   * Options of an in-memory PGlite (tests: a migrated data folder to load, the WebAssembly
   * modules compiled once).
   */
  pgliteOptions?: PGliteOptions | undefined;
  /** Migrations applied on opening; the app's own by default (tests of a migration pass an older set). */
  migrationsFolder?: string | undefined;
  /**
   * PostgreSQL only: the longest a connection, a wait for a pooled connection or a statement
   * may take before the request fails as DATABASE_UNAVAILABLE (DATABASE_TIMEOUT_MS).
   */
  timeoutMs?: number | undefined;
  /**
   * Receives a warning (one line, without the URL or any secret) for every pooled PostgreSQL
   * connection that is lost, and if PGlite's worker thread ends while open; the server writes
   * it to its log at warn level.
   */
  log?: ((message: string) => void) | undefined;
}

/** DESIGN.md section 10: an unreachable or frozen PostgreSQL answers 503 within a second. */
export const DEFAULT_DATABASE_TIMEOUT_MS = 1_000;

/**
 * Opens the database and applies every pending migration. A database already up to date
 * costs one query (migrationsApplied): no migration file read, no lock taken.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const folder = opts.migrationsFolder ?? migrationsFolder;
  const database = opts.databaseUrl
    ? await openPostgres(
        opts.databaseUrl,
        opts.timeoutMs ?? DEFAULT_DATABASE_TIMEOUT_MS,
        opts.log ?? (() => undefined),
      )
    : await openPglite(opts.pgliteDir, opts.pgliteOptions, opts.log);
  try {
    if (!(await migrationsApplied(database.db, folder))) await database.migrate(folder);
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  return database;
}

async function openPglite(
  dir: string | undefined,
  options?: PGliteOptions,
  log: (message: string) => void = () => undefined,
): Promise<Database> {
  // In memory (tests): PGlite in this thread, loaded only then (a server never needs it here).
  if (!dir) {
    const { PGlite } = await import('@electric-sql/pglite');
    return pgliteDatabase(new PGlite(options ?? {}));
  }
  const thread = await openPgliteFolder(dir, log);
  return pgliteDatabase(thread.asPGlite(), () => thread.close());
}

async function pgliteDatabase(client: PGlite, close = () => client.close()): Promise<Database> {
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    migrate: async (folder = migrationsFolder) => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    },
    close,
  };
}

async function openPostgres(
  url: string,
  timeoutMs: number,
  log: (message: string) => void,
): Promise<Database> {
  const connection = {
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    // Finds a peer that vanished (network cut) on an idle connection.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
  // Start-up and migrations may wait longer for a first connection than a request should.
  const startConnection = {
    ...connection,
    connectionTimeoutMillis: Math.max(timeoutMs, START_CONNECT_TIMEOUT_MS),
  };
  await withClient(startConnection, async () => undefined).catch((err: unknown) => {
    throw new DatabaseStartError(url, err);
  });
  const pool = new pg.Pool({
    ...connection,
    max: 10,
    // The server cancels a statement at timeoutMs (57014) and the connection stays usable; the
    // client gives up a little later, for a server that does not answer at all (frozen).
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs + 250,
  });
  // A dropped connection must not crash the process; queries fail and the pool reconnects.
  handleConnectionErrors(pool, log);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const advisory = pgAdvisoryLocks(connection);
  return {
    db,
    kind: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    // Migrations get a connection of their own without the statement time-out: building an
    // index on a large table may rightly take longer than any request should. An advisory lock
    // lets one of several instances starting at once migrate while the others wait for it.
    migrate: (folder = migrationsFolder, { lockWaitMs = MIGRATION_LOCK_WAIT_MS } = {}) =>
      withClient(startConnection, async (client) => {
        await client.query(`set lock_timeout = ${Math.max(1, Math.round(lockWaitMs))}`);
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        } catch (err) {
          if ((err as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw err;
          throw new MigrationLockError(lockWaitMs);
        }
        await client.query('set lock_timeout = 0');
        await migratePg(drizzlePg(client), { migrationsFolder: folder });
      }),
    advisory,
    close: async () => {
      await advisory.close().catch(() => undefined);
      await pool.end();
    },
  };
}

const START_CONNECT_TIMEOUT_MS = 5_000;

/**
 * Every error of every pooled connection is handled (DESIGN.md section 11: the process never
 * exits on a pool or client error). pg-pool listens for a client's 'error' only while the
 * client is idle: it removes that listener when it hands the client out (`_acquireClient`) and
 * puts it back on release (`_release`), so a connection that died while checked out (a
 * transaction, which drizzle holds from `begin` to its release) emitted 'error' with no
 * listener, and Node threw it: the server exited. Here each client gets a listener of its own
 * when it connects, for its whole life, checked out, idle, released or ending.
 *
 * A client that dies while checked out is also given back to the pool at once with its error,
 * so the pool drops it and opens a new connection in its place: drizzle releases a transaction's
 * client only when `begin` succeeded, so one lost during `begin` would otherwise keep its place
 * in the pool for good (enough of them and every request would wait for a connection in vain).
 * Its holder's own release later does nothing. The queries in flight fail by themselves
 * ("Connection terminated unexpectedly", 57P01...) and answer 503 DATABASE_UNAVAILABLE.
 */
function handleConnectionErrors(pool: pg.Pool, log: (message: string) => void) {
  const checkedOut = new WeakSet<pg.PoolClient>();
  const warned = new WeakSet<object>();
  // One line per connection (a lost one may emit several errors), from the code and message
  // only: pg-pool sets `err.client`, whose parameters hold the password.
  const warn = (err: unknown, client: object) => {
    if (warned.has(client)) return;
    warned.add(client);
    log(`PostgreSQL connection lost (${connectionErrorText(err)}); the pool opens a new one`);
  };
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      warn(err, client);
      if (!checkedOut.has(client)) return; // idle: pg-pool's own listener removes it
      checkedOut.delete(client);
      const release = client.release;
      client.release = () => undefined;
      release(err);
    });
  });
  // An idle client's error, passed on by pg-pool after it dropped the client.
  pool.on('error', (err, client) => warn(err, client));
}

/** "code: message" of a connection error, with any URL in it reduced to `safeDatabaseUrl`. */
function connectionErrorText(err: unknown): string {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  const text = (typeof message === 'string' && message ? message : String(err)).replace(
    /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi,
    (url) => safeDatabaseUrl(url),
  );
  return typeof code === 'string' && code ? `${code}: ${text}` : text;
}

/** Key of the advisory lock held while migrating (any constant; ends with the connection). */
export const MIGRATION_LOCK = 7_263_514_901;

/**
 * Longest an instance waits for another's migrations before it gives up and says why: far
 * longer than any migration of this app takes, short enough that a stuck one is noticed.
 */
export const MIGRATION_LOCK_WAIT_MS = 120_000;

/** PostgreSQL's lock_not_available: lock_timeout ran out. */
const LOCK_NOT_AVAILABLE = '55P03';

/** Another connection held the migration lock longer than this instance would wait. */
export class MigrationLockError extends Error {
  constructor(waitedMs: number) {
    super(
      `Another instance has been migrating the database for more than ${waitedMs >= 1000 ? `${Math.round(waitedMs / 1000)} s` : `${waitedMs} ms`} ` +
        `(advisory lock ${MIGRATION_LOCK}). If none is starting, end the session that holds it: ` +
        `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = ${MIGRATION_LOCK % 2 ** 32};`,
    );
  }
}

/** Runs `work` on a connection of its own, closed afterwards. */
async function withClient<T>(
  config: pg.ClientConfig,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client(config);
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * PostgreSQL could not be reached at start-up: says so, where (the URL without its password),
 * and why, instead of the first failed statement ("Failed query: CREATE SCHEMA ...").
 */
export class DatabaseStartError extends Error {
  constructor(url: string, cause: unknown) {
    super(`Could not connect to the database at ${safeDatabaseUrl(url)}: ${reasonOf(cause)}.`, {
      cause,
    });
    this.name = 'DatabaseStartError';
  }
}

/** The URL with its password and query string left out (for messages and logs). */
export function safeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '';
    parsed.search = '';
    return parsed.toString();
  } catch {
    return '(an invalid URL)';
  }
}

function reasonOf(err: unknown): string {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'ECONNREFUSED') return 'the connection was refused (is PostgreSQL running there?)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name could not be resolved';
  if (typeof message === 'string' && /timeout|terminated/i.test(message)) {
    return `no answer (${message})`;
  }
  if (err instanceof AggregateError) return reasonOf(err.errors[0]);
  return typeof message === 'string' && message ? message : String(err);
}

/** Where PGlite keeps its files inside the data folder. */
export { pgliteDirOf } from './pglite-folder.js';
