import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { migrationsFolder, openDatabase, pgliteDirOf, type Database } from '../db/client.js';

/**
 * Migrated databases made once per set of migrations and copied for every test file: a fresh
 * PGlite costs about 1.5 s less loaded from a migrated data folder than started empty and
 * migrated, and a PostgreSQL database made from a migrated template skips every migration.
 * Both are keyed by a hash of the migrations, so a new migration makes new templates; the
 * Vitest global setup (test/global-setup.ts) makes them before any test file runs. A test file
 * that finds none (run some other way) migrates as before.
 */

/** Hash of every migration file's name and text, and of the PGlite build that dumps the data. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(join(dirname(pgliteEntry), '..', 'package.json')));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

const KEY = migrationsKey();

/** Where the migrated PGlite data folder (a tarball) is kept. */
export const PGLITE_TEMPLATE_PATH = join(tmpdir(), `tb-pglite-template-${KEY}.tar`);

/** The PostgreSQL database every test database is copied from. */
export const PG_TEMPLATE_NAME = `tb_template_${KEY}`;

/** Makes the migrated PGlite data folder unless it exists. */
export async function ensurePgliteTemplate(): Promise<void> {
  if (existsSync(PGLITE_TEMPLATE_PATH)) return;
  const client = new PGlite();
  await client.waitReady;
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  // Written aside, then renamed: a reader never sees half a file.
  const partial = `${PGLITE_TEMPLATE_PATH}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, PGLITE_TEMPLATE_PATH);
  // Templates of older migrations (40 MB each) go.
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    if (name.startsWith('tb-pglite-template-') && path !== PGLITE_TEMPLATE_PATH) rmSync(path);
  }
}

/**
 * A server process's data folder (DATA_DIR) with the migrated PGlite folder in it, as an
 * installation that ran before has: its start skips initdb and the migrations (about 4 s on a
 * quiet machine, twice that on a busy one). Needs the template (the global setup makes it).
 */
export function migratedDataDir(dataDir: string): void {
  const pglite = pgliteDirOf(dataDir);
  mkdirSync(pglite, { recursive: true, mode: 0o700 });
  execFileSync('tar', ['-xf', PGLITE_TEMPLATE_PATH, '-C', pglite]);
}

/**
 * What a test's in-memory PGlite starts from: the migrated data folder (when it was made) and
 * PGlite's WebAssembly modules and file bundle, read and compiled once per worker (the server
 * tests share their modules across files: `isolate: false`).
 */
let shared: Promise<PGliteOptions> | undefined;

interface WasmCompiler {
  compile(bytes: Uint8Array): Promise<NonNullable<PGliteOptions['pgliteWasmModule']>>;
}

export function pgliteTemplate(): Promise<PGliteOptions> {
  shared ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    // Node's WebAssembly (the server's TypeScript libraries do not declare it).
    const wasm = (globalThis as unknown as { WebAssembly: WasmCompiler }).WebAssembly;
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map((name) => wasm.compile(readFileSync(join(dist, name)))),
    );
    return {
      pgliteWasmModule,
      initdbWasmModule,
      fsBundle: new Blob([readFileSync(join(dist, 'pglite.data'))]),
      ...(existsSync(PGLITE_TEMPLATE_PATH) && {
        loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE_PATH)]),
      }),
    };
  })();
  return shared;
}

/** In-memory PGlites test suites have closed, ready to be emptied for the next suite. */
export const idlePglites: Database[] = [];

/**
 * A PGlite a suite closed, emptied: every table of the app truncated and its sequences
 * restarted, the migrations kept, so it holds what a freshly migrated one does (the migrations
 * insert no rows). Undefined when none is idle.
 */
export async function reusedPglite(): Promise<Database | undefined> {
  const database = idlePglites.pop();
  if (!database) return undefined;
  const names = async (query: SQL) =>
    ((await database.db.execute(query)) as unknown as { rows: { name: string }[] }).rows;
  const tables = await names(
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  );
  const sequences = await names(
    sql`select quote_ident(sequencename) as name from pg_sequences where schemaname = 'public'`,
  );
  const list = tables.map((r) => `public.${r.name}`).join(', ');
  await database.db.execute(sql.raw(`truncate ${list} restart identity cascade`));
  for (const { name } of sequences) {
    await database.db.execute(sql.raw(`alter sequence public.${name} restart`));
  }
  return database;
}

async function withAdmin<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Whether the template database exists on the server of `baseUrl`. */
export async function hasPgTemplate(baseUrl: string): Promise<boolean> {
  return withAdmin(baseUrl, async (admin) => {
    const found = await admin.query('select 1 from pg_database where datname = $1', [
      PG_TEMPLATE_NAME,
    ]);
    return found.rowCount === 1;
  });
}

/**
 * Makes the migrated template database unless it exists: migrated under another name, then
 * renamed, so a test never copies a half-migrated one. Templates of older migrations go.
 */
export async function ensurePgTemplate(baseUrl: string): Promise<void> {
  if (await hasPgTemplate(baseUrl)) return;
  const building = `tb_building_${randomBytes(6).toString('hex')}`;
  await withAdmin(baseUrl, (admin) => admin.query(`create database ${building}`));
  const url = new URL(baseUrl);
  url.pathname = `/${building}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.close();
  await withAdmin(baseUrl, async (admin) => {
    const old = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'tb\\_template\\_%' and datname <> $1`,
      [PG_TEMPLATE_NAME],
    );
    for (const { datname } of old.rows) {
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
    try {
      await admin.query(`alter database ${building} rename to ${PG_TEMPLATE_NAME}`);
    } catch (err) {
      // Another run made it meanwhile: keep theirs.
      await admin.query(`drop database if exists ${building} with (force)`);
      if ((err as { code?: string }).code !== '42P04') throw err;
    }
  });
}
