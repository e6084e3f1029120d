import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { causeChain, isDatabaseUnavailable } from '../lib/db-errors.js';
import { openDatabase, type Database } from './client.js';
import { PGliteThread } from './pglite-thread.js';
import { users } from './schema/index.js';

/** A user row with what the schema requires. */
const user = (name: string) => ({
  username: name,
  email: `${name}@example.com`,
  passwordHash: 'x',
});

/** The SQLSTATE somewhere in an error's cause chain (drizzle wraps the driver's error). */
const sqlState = (err: unknown) =>
  causeChain(err)
    .map((e) => (e as { code?: unknown }).code)
    .find((code) => typeof code === 'string');

describe('PGlite on a data folder, in a worker thread', () => {
  const root = mkdtempSync(join(tmpdir(), 'tb-pglite-thread-'));
  const dir = join(root, 'pglite');
  let database: Database;
  let longestGapMs = 0;

  beforeAll(async () => {
    // While PGlite creates the database (initdb: seconds of WebAssembly), the event loop turns.
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
    }, 10);
    try {
      database = await openDatabase({ pgliteDir: dir });
      // A block that lasted until now shows as the next tick's gap.
      await new Promise((resolve) => setTimeout(resolve, 30));
    } finally {
      clearInterval(ticker);
    }
  }, 120_000);
  afterAll(async () => {
    await database?.close().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps the event loop turning while it creates and migrates the database', () => {
    // In the server's thread, initdb alone held the loop for 3 s and more on this machine.
    expect(longestGapMs).toBeLessThan(1_000);
  });

  it('answers drizzle queries with the same values as PGlite in the thread', async () => {
    const [row] = await database.db.insert(users).values(user('thread1')).returning();
    expect(row!.username).toBe('thread1');
    expect(row!.createdAt).toBeInstanceOf(Date);
    const [again] = await database.db.select().from(users).where(eq(users.id, row!.id));
    expect(again).toEqual(row);
    const raw = (await database.db.execute(
      sql`select 1.50::numeric as n, '{"a":[1]}'::jsonb as j, 9007199254740993::int8 as b,
          true as t, '\\x0102'::bytea as y, now() - now() as i`,
    )) as unknown as { rows: unknown[] };
    expect(raw.rows[0]).toEqual({
      n: '1.50',
      j: { a: [1] },
      b: 9007199254740993n,
      t: true,
      y: new Uint8Array([1, 2]),
      i: '00:00:00',
    });
  });

  it('commits a transaction, and rolls it back when its callback throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values(user('thread2'));
    });
    const failed = await database.db
      .transaction(async (tx) => {
        await tx.insert(users).values(user('thread3'));
        throw new Error('stop here');
      })
      .catch((e: unknown) => e);
    expect((failed as Error).message).toBe('stop here');
    const names = await database.db.select({ name: users.username }).from(users);
    expect(names.map((n) => n.name)).toEqual(expect.arrayContaining(['thread2']));
    expect(names.map((n) => n.name)).not.toContain('thread3');
  });

  it('runs a query from outside a transaction after it, as PGlite does', async () => {
    const order: string[] = [];
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const tx = database.db.transaction(async (t) => {
      await t.insert(users).values(user('thread4'));
      inside();
      await new Promise((resolve) => setTimeout(resolve, 100));
      order.push('transaction');
    });
    await started;
    const outside = database.db
      .select({ name: users.username })
      .from(users)
      .where(eq(users.username, 'thread4'))
      .then((rows) => {
        order.push('query');
        return rows;
      });
    await tx;
    expect(await outside).toEqual([{ name: 'thread4' }]);
    expect(order).toEqual(['transaction', 'query']);
  });

  it('throws database errors with their SQLSTATE and detail', async () => {
    const err = await database.db
      .insert(users)
      .values(user('thread1'))
      .catch((e: unknown) => e);
    expect(sqlState(err)).toBe('23505');
    const cause = causeChain(err).find((e) => (e as { code?: string }).code === '23505');
    expect(cause).toMatchObject({ name: 'error', detail: expect.stringContaining('thread1') });
  });

  it('keeps its data in the folder, and a closed database fails as unavailable', async () => {
    await database.close();
    const err = await database.db
      .select()
      .from(users)
      .catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);
    database = await openDatabase({ pgliteDir: dir });
    const rows = await database.db.select({ name: users.username }).from(users);
    expect(rows.map((r) => r.name).sort()).toEqual(['thread1', 'thread2', 'thread4']);
  });

  it('closes with a transaction left open (a handler stuck at shutdown), rolled back', async () => {
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const tx = database.db.transaction(async (t) => {
      await t.insert(users).values(user('thread5'));
      inside();
      await held;
    });
    tx.catch(() => undefined); // awaited below
    await started;
    // PGlite's own close waits for the transaction: it used to never end.
    await database.close();
    finish();
    expect(isDatabaseUnavailable(await tx.catch((e: unknown) => e))).toBe(true);
    database = await openDatabase({ pgliteDir: dir });
    const rows = await database.db.select({ name: users.username }).from(users);
    expect(rows.map((r) => r.name)).not.toContain('thread5');
  });
});

describe('a data folder PGlite cannot open', () => {
  it('fails the opening with the reason, and is no loss to report', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tb-pglite-thread-'));
    const notAFolder = join(root, 'file');
    writeFileSync(notAFolder, 'not a database');
    const lost: string[] = [];
    const thread = new PGliteThread(notAFolder, {}, (reason) => lost.push(reason));
    try {
      await expect(thread.waitReady).rejects.toThrow();
      await expect(thread.query('select 1')).rejects.toThrow('PGlite is closed');
      expect(lost).toEqual([]);
    } finally {
      await thread.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
