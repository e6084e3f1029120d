import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** The newest migration of a folder's journal (drizzle's `folderMillis`), or undefined. */
export function newestMigrationMillis(folder: string): number | undefined {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  const whens = journal.entries.map((entry) => entry.when);
  return whens.length ? Math.max(...whens) : undefined;
}

/**
 * True when drizzle's migrate would apply nothing: it applies each migration newer than the
 * newest row of `drizzle.__drizzle_migrations` (written in the migration's own transaction),
 * so none is pending when that row is at least the journal's newest. One query and the
 * journal's few lines, instead of reading and hashing every migration file, creating the
 * schema and table if missing, and on PostgreSQL a connection and the migration lock. Any
 * doubt (no table yet, an error) answers false: the full migrate then runs and says why.
 */
export async function migrationsApplied(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: one raw query
  db: PgDatabase<PgQueryResultHKT, any>,
  folder: string,
): Promise<boolean> {
  const newest = newestMigrationMillis(folder);
  if (newest === undefined) return false;
  try {
    const result = (await db.execute(
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: Array<{ last: string | null }> };
    const last = result.rows[0]?.last;
    return last !== null && last !== undefined && Number(last) >= newest;
  } catch {
    return false;
  }
}
