import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../test/database-templates.js';
import { createPgDatabase, TEST_DATABASE_URL } from '../test/helper.js';
import { MIGRATION_LOCK, migrationsFolder, openDatabase } from './client.js';
import { migrationsApplied, newestMigrationMillis } from './migrations-applied.js';

/** A copy of the app's migrations with one more, newer than all of them. */
function withNewerMigration(): string {
  const folder = mkdtempSync(join(tmpdir(), 'tb-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: Array<{ idx: number; when: number; tag: string; breakpoints: boolean }>;
  };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_newer' });
  writeFileSync(journalPath, JSON.stringify(journal));
  writeFileSync(join(folder, '9999_newer.sql'), 'create table newer_one (id int);');
  return folder;
}

describe('migrations already applied (PGlite)', () => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

  it('are all once migrated, not once a newer one is added, and none without the table', async () => {
    // The migrated folder copied (templates), PGlite's modules compiled once for the worker.
    const database = await openDatabase({ pgliteOptions: await pgliteTemplate() });
    try {
      expect(await migrationsApplied(database.db, migrationsFolder)).toBe(true);
      const newer = withNewerMigration();
      folders.push(newer);
      expect(newestMigrationMillis(newer)).toBeGreaterThan(
        newestMigrationMillis(migrationsFolder)!,
      );
      expect(await migrationsApplied(database.db, newer)).toBe(false);
      // Opening with it applies it: the quick check never skips a pending migration.
      await database.migrate(newer);
      expect(await migrationsApplied(database.db, newer)).toBe(true);
      await database.db.execute('select * from newer_one');
      // A new database has no migrations table: none applied (the full migrate then runs).
      await database.db.execute('drop schema drizzle cascade');
      expect(await migrationsApplied(database.db, migrationsFolder)).toBe(false);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)('migrations already applied (PostgreSQL)', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('cost one query at start: no migration lock is taken or waited for', async () => {
    const pgDb = await createPgDatabase({ empty: true });
    cleanups.push(pgDb.drop);
    const first = await openDatabase({ databaseUrl: pgDb.url });
    await first.close();

    // Another instance holds the migration lock for as long as it likes.
    const other = new pg.Client({ connectionString: pgDb.url });
    await other.connect();
    cleanups.push(() => other.end());
    await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);

    const opened = await Promise.race([
      openDatabase({ databaseUrl: pgDb.url }),
      new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 15_000)),
    ]);
    expect(opened).not.toBe('waited');
    if (opened !== 'waited') await opened.close();
  });
});
