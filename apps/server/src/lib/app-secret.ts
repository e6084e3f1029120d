import { eq } from 'drizzle-orm';
import type { Database, Db } from '../db/client.js';
import { appSecrets, users } from '../db/schema/index.js';
import { loadOrCreateSecret, newAppSecret, readSecretFile } from './data-dir.js';

/** The row of `app_secrets` that holds the APP_SECRET of a PostgreSQL installation. */
const APP_SECRET_ID = 'app';

/** Where the secret that signs sessions and seals secrets at rest came from. */
export type AppSecretSource =
  /** APP_SECRET: it wins everywhere. */
  | 'env'
  /** PGlite (one process): generated once into DATA_DIR/app-secret. */
  | 'data-dir'
  /** PostgreSQL: generated once into the database, shared by every instance on it. */
  | 'database';

export interface AppSecret {
  secret: string;
  source: AppSecretSource;
  /**
   * PostgreSQL only: DATA_DIR/app-secret exists and differs from the database's secret (which
   * is used): what that file's secret sealed cannot be opened. Undefined otherwise.
   */
  ignoredFile?: true;
}

export interface AppSecretOptions {
  /** APP_SECRET, when set. */
  fromEnv: string | undefined;
  database: Pick<Database, 'db' | 'kind'>;
  dataDir: string;
}

/**
 * The app secret (DESIGN.md sections 2 and 10). APP_SECRET when set. Otherwise, on PGlite the
 * one generated into the data folder, as one process needs; on PostgreSQL the one kept in the
 * database, so every instance on it signs and accepts the same sessions and opens the same
 * sealed keys. An installation that ran on PostgreSQL with a generated secret in its data folder
 * (before the secret moved to the database) brings that secret along on its first start.
 */
export async function resolveAppSecret(opts: AppSecretOptions): Promise<AppSecret> {
  if (opts.fromEnv) return { secret: opts.fromEnv, source: 'env' };
  if (opts.database.kind === 'pglite') {
    return { secret: loadOrCreateSecret(opts.dataDir, undefined), source: 'data-dir' };
  }
  const fromFile = readSecretFile(opts.dataDir);
  if (fromFile === undefined) await refuseUnknownSecret(opts.database.db);
  const secret = await sharedSecret(opts.database.db, fromFile ?? newAppSecret());
  return {
    secret,
    source: 'database',
    ...(fromFile !== undefined && fromFile !== secret && { ignoredFile: true as const }),
  };
}

/**
 * A database with accounts but no secret kept in it ran with a secret this instance does not
 * have (APP_SECRET, or another machine's DATA_DIR/app-secret): a new one would sign everyone
 * out and leave every sealed API key and webhook URL unreadable, so the start is refused.
 */
export const UNKNOWN_SECRET_MESSAGE =
  'This PostgreSQL database already holds accounts, but no app secret is kept in it and this ' +
  'instance has no DATA_DIR/app-secret: set APP_SECRET to the secret the installation ran with ' +
  '(its old DATA_DIR/app-secret file), so sessions and sealed keys stay readable.';

async function refuseUnknownSecret(db: Db): Promise<void> {
  const [kept] = await db.select({ id: appSecrets.id }).from(appSecrets).limit(1);
  if (kept) return;
  const [account] = await db.select({ id: users.id }).from(users).limit(1);
  if (account) throw new Error(UNKNOWN_SECRET_MESSAGE);
}

/**
 * The secret stored in the database, storing `candidate` first when there is none. Race-free:
 * of several instances starting at once, the first insert wins, the others' inserts wait for
 * it to commit and then do nothing, and every instance reads the winner's secret back.
 */
export async function sharedSecret(db: Db, candidate: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ id: APP_SECRET_ID, secret: candidate })
    .onConflictDoNothing({ target: appSecrets.id });
  const [row] = await db
    .select({ secret: appSecrets.secret })
    .from(appSecrets)
    .where(eq(appSecrets.id, APP_SECRET_ID));
  if (!row) throw new Error('The app secret could not be stored in the database.');
  return row.secret;
}
