import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase, TEST_DATABASE_URL } from '../test/helper.js';
import { MIGRATION_LOCK, MigrationLockError, openDatabase } from './client.js';

describe.skipIf(!TEST_DATABASE_URL)('the migration lock (several instances starting)', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('waits for the instance that migrates, and gives up with the reason when it never ends', async () => {
    const pgDb = await createPgDatabase({ empty: true });
    cleanups.push(pgDb.drop);
    const database = await openDatabase({ databaseUrl: pgDb.url });
    cleanups.push(() => database.close());

    // Another instance is migrating: it holds the lock.
    const other = new pg.Client({ connectionString: pgDb.url });
    await other.connect();
    cleanups.push(() => other.end());
    await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);

    const started = Date.now();
    const waited = await database.migrate(undefined, { lockWaitMs: 300 }).catch((e: unknown) => e);
    expect(waited).toBeInstanceOf(MigrationLockError);
    expect(String((waited as Error).message)).toMatch(
      /^Another instance has been migrating the database for more than 300 ms/,
    );
    // After lockWaitMs, not MIGRATION_LOCK_WAIT_MS (2 minutes), with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(20_000);

    // Once it is done, the next start finds everything applied: the lock is let go once this
    // start waits for it (at most 20 s, far below the wait it is given).
    const released = database.migrate(undefined, { lockWaitMs: 60_000 });
    const deadline = Date.now() + 20_000;
    for (;;) {
      const waiting = await other.query(
        `select 1 from pg_locks where locktype = 'advisory' and not granted
           and database = (select oid from pg_database where datname = current_database())`,
      );
      if (waiting.rowCount) break;
      if (Date.now() > deadline) throw new Error('the second start never waited for the lock');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await other.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    await expect(released).resolves.toBeUndefined();
  });
});
