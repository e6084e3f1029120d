import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

/** The one database type every repository takes: PGlite and PostgreSQL share it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers when the database can run a query. */
  ping(): Promise<void>;
  /** Applies the pending migrations of `folder` (the app's own by default). */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface OpenOptions {
  /** PostgreSQL URL; without it, PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; without it (and without a URL), an in-memory database. */
  pgliteDir?: string | undefined;
  /** Migrations applied on opening; the app's own by default (tests of a migration pass an older set). */
  migrationsFolder?: string | undefined;
}

/** Opens the database and applies every pending migration. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const folder = opts.migrationsFolder ?? migrationsFolder;
  const database = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl)
    : await openPglite(opts.pgliteDir);
  await database.migrate(folder);
  return database;
}

async function openPglite(dir: string | undefined): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = dir ? new PGlite(dir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    migrate: (folder = migrationsFolder) =>
      migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
  });
  // A dropped connection must not crash the process; queries fail and the pool reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    migrate: (folder = migrationsFolder) =>
      migratePg(drizzlePg(pool), { migrationsFolder: folder }),
    close: () => pool.end(),
  };
}

/** Where PGlite keeps its files inside the data folder. */
export const pgliteDirOf = (dataDir: string) => join(dataDir, 'pglite');
