import { createServer, type Server, type Socket } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase, DATABASES } from '../test/helper.js';
import { isDatabaseUnavailable } from './db-errors.js';

/** A TCP listener on 127.0.0.1 that does `onSocket` with every connection. */
async function listener(onSocket: (socket: Socket) => void): Promise<Server & { url: string }> {
  const server = createServer(onSocket);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(server, { url: `postgres://app:secret@127.0.0.1:${port}/app` });
}

/** What a query through Drizzle on a pool at `url` throws. */
async function queryError(url: string, options: pg.PoolConfig = {}) {
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 300, ...options });
  pool.on('error', () => undefined);
  const err = await drizzlePg(pool)
    .execute(sql`select ${'a-parameter'}::text`)
    .catch((e: unknown) => e);
  await pool.end().catch(() => undefined);
  return err;
}

/**
 * A fresh PGlite starts a whole PostgreSQL in WebAssembly: seconds of CPU, tens of them on a
 * loaded machine. Its tests get this long, not the suite's 30 s.
 */
const PGLITE = { timeout: 180_000 };

describe('isDatabaseUnavailable on real errors', () => {
  const servers: Server[] = [];
  const sockets: Socket[] = [];
  afterAll(() => {
    sockets.forEach((s) => s.destroy());
    servers.forEach((s) => s.close());
  });

  it('a refused connection (ECONNREFUSED under DrizzleQueryError)', async () => {
    const closed = await listener(() => undefined);
    closed.close();
    expect(isDatabaseUnavailable(await queryError(closed.url))).toBe(true);
  });

  it('a server that accepts and never answers (connect time-out, no code)', async () => {
    const frozen = await listener((s) => void sockets.push(s));
    servers.push(frozen);
    const err = await queryError(frozen.url);
    expect(String((err as Error).cause)).toMatch(/connection timeout/);
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('a connection dropped by the server ("Connection terminated unexpectedly")', async () => {
    const dropper = await listener((s) => s.destroy());
    servers.push(dropper);
    const err = await queryError(dropper.url);
    expect(String((err as Error).cause)).toMatch(/Connection terminated unexpectedly/);
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('a pool that is full past its wait time-out', async () => {
    const frozen = await listener((s) => void sockets.push(s));
    servers.push(frozen);
    const pool = new pg.Pool({
      connectionString: frozen.url,
      max: 1,
      connectionTimeoutMillis: 200,
    });
    pool.on('error', () => undefined);
    const waits = [pool.query('select 1'), pool.query('select 2')].map((p) =>
      p.catch((e: unknown) => e),
    );
    const errors = await Promise.all(waits);
    expect(errors.map(String)).toContain('Error: timeout exceeded when trying to connect');
    expect(errors.every(isDatabaseUnavailable)).toBe(true);
    await pool.end().catch(() => undefined);
  });

  it('a closed PGlite database', PGLITE, async () => {
    const client = new PGlite();
    await client.close();
    const err = await drizzlePglite(client)
      .execute(sql`select 1`)
      .catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('but not a constraint violation, a bad value or a plain bug', PGLITE, async () => {
    const client = new PGlite();
    const db = drizzlePglite(client);
    await db.execute(sql`create table t (id uuid primary key)`);
    const id = '00000000-0000-4000-8000-000000000000';
    await db.execute(sql`insert into t values (${id})`);
    const duplicate = await db.execute(sql`insert into t values (${id})`).catch((e: unknown) => e);
    const badValue = await db.execute(sql`select ${'nope'}::uuid`).catch((e: unknown) => e);
    await client.close();
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
    expect(isDatabaseUnavailable(badValue)).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  // Only PostgreSQL has statement time-outs (PGlite runs in-process); like every route suite,
  // this runs when TEST_DATABASE_URL names a server (CI sets it).
  for (const kind of DATABASES.filter((k) => k === 'postgres')) {
    it(`${kind}: a statement cancelled by statement_timeout (57014) and a query read time-out`, async () => {
      const { url, drop } = await createPgDatabase();
      for (const options of [{ statement_timeout: 100 }, { query_timeout: 100 }]) {
        const pool = new pg.Pool({ connectionString: url, ...options });
        // Far longer than the time-out however slow the machine; the time-out ends the wait
        // (and the database, dropped with force, the sleep).
        const err = await drizzlePg(pool)
          .execute(sql`select pg_sleep(60)`)
          .catch((e: unknown) => e);
        await pool.end();
        expect(isDatabaseUnavailable(err)).toBe(true);
      }
      await drop();
    });
  }
});
