// The bench's own PostgreSQL database: created at the start, dropped at the end (cleanup.mjs),
// and the CPU its backends use.
import pg from 'pg';
import { cpuSeconds } from './cpu.mjs';

let database; // { adminUrl, name } while the bench database exists

async function adminQuery(adminUrl, sql) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    return await client.query(sql);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Creates `tb_bench_<pid>` on the server of BENCH_DATABASE_URL; fails at once (before a minute
 * of PGlite runs) when that server is not usable. Returns the app's URL of it and the version.
 */
export async function createBenchDatabase() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `tb_bench_${process.pid}`;
  let version;
  try {
    const { rows } = await adminQuery(adminUrl, 'SHOW server_version');
    version = `PostgreSQL ${rows[0].server_version.split(' ')[0]}`;
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  } catch (err) {
    throw new Error(
      `PostgreSQL at ${adminUrl} is not usable (${err.message}); set BENCH_DATABASE_URL or pass --no-postgres`,
    );
  }
  database = { adminUrl, name };
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), version };
}

export async function dropDatabase() {
  if (!database) return;
  const { adminUrl, name } = database;
  database = undefined;
  // FORCE: a server killed mid-run may leave connections behind.
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** CPU seconds of each PostgreSQL backend serving the bench database (same machine). */
export async function postgresCpu() {
  const { rows } = await adminQuery(
    database.adminUrl,
    `SELECT pid FROM pg_stat_activity WHERE datname = '${database.name}'`,
  );
  return new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)]).filter(([, s]) => s >= 0));
}
