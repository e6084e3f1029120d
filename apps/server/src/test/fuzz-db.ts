import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Bookkeeping a refused request may still write: the last activity of the signed-in user and
 * of their session (each at most every five minutes, not awaited) and the last use of an
 * exchange key.
 */
const VOLATILE_COLUMNS = ['last_active_at', 'last_seen_at', 'last_used_at'];

/**
 * One text that changes whenever any row of any application table changes: per table, the
 * row count and an md5 of every row (as JSON, volatile columns left out), in one query.
 */
export async function databaseFingerprint(db: Db): Promise<string> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: Array<{ name: string }> };
  const drop = VOLATILE_COLUMNS.map((c) => ` - '${c}'`).join('');
  const parts = tables.rows.map(({ name }) => {
    const row = `(to_jsonb(t)${drop})::text`;
    return `select '${name}' as name, count(*)::text || ':' ||
      md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as sum from "${name}" t`;
  });
  const result = (await db.execute(sql.raw(parts.join(' union all ')))) as unknown as {
    rows: Array<{ name: string; sum: string }>;
  };
  return result.rows.map((r) => `${r.name}=${r.sum}`).join(' ');
}

/** The tables whose part differs between two fingerprints, for a readable failure. */
export function changedTables(before: string, after: string): string {
  const parts = new Set(before.split(' '));
  return after
    .split(' ')
    .filter((part) => !parts.has(part))
    .map((part) => part.split('=')[0])
    .join(', ');
}

/**
 * Watches the database for writes between calls of {@link WriteWatch.changes}. Reads take no
 * transaction id, so an unchanged next id means nothing wrote (one cheap query); only then is
 * the whole fingerprint compared, which tells bookkeeping (volatile columns) from changes.
 */
export class WriteWatch {
  private constructor(
    private readonly db: Db,
    private xid: string,
    private fingerprint: string,
  ) {}

  static async start(db: Db): Promise<WriteWatch> {
    return new WriteWatch(db, await nextTransactionId(db), await databaseFingerprint(db));
  }

  /** The tables changed since the last call, or '' when none did. */
  async changes(): Promise<string> {
    const xid = await nextTransactionId(this.db);
    if (xid === this.xid) return '';
    this.xid = xid;
    const fingerprint = await databaseFingerprint(this.db);
    const changed = changedTables(this.fingerprint, fingerprint);
    this.fingerprint = fingerprint;
    return changed;
  }
}

/** The first transaction id not yet given out; only writing transactions take one. */
async function nextTransactionId(db: Db): Promise<string> {
  const result = (await db.execute(
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`,
  )) as unknown as { rows: Array<{ xid: string }> };
  return result.rows[0]!.xid;
}
