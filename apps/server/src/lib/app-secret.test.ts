import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { parseConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { appSecrets } from '../db/schema/index.js';
import { authed, register } from '../test/api.js';
import { createPgDatabase, openTestDatabase, TEST_DATABASE_URL } from '../test/helper.js';
import { resolveAppSecret, UNKNOWN_SECRET_MESSAGE, sharedSecret } from './app-secret.js';
import { SecretBox } from './secret-box.js';

const ENV_SECRET = 'an-app-secret-from-the-environment-0123456789';

const dirs: string[] = [];
const emptyDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tb-app-secret-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('app secret on PGlite (one process)', () => {
  let database: Database;
  afterEach(async () => database?.close());

  it('is generated once into the data folder, not into the database', async () => {
    database = await openTestDatabase();
    const dataDir = emptyDir();
    const first = await resolveAppSecret({ fromEnv: undefined, database, dataDir });
    expect(first.source).toBe('data-dir');
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'app-secret'), 'utf8')).toBe(first.secret);
    expect(await resolveAppSecret({ fromEnv: undefined, database, dataDir })).toEqual(first);
    expect(await database.db.select().from(appSecrets)).toEqual([]);
  });

  it('APP_SECRET wins over the data folder', async () => {
    database = await openTestDatabase();
    const dataDir = emptyDir();
    writeFileSync(join(dataDir, 'app-secret'), 'a-secret-in-the-data-folder-0123456789');
    expect(await resolveAppSecret({ fromEnv: ENV_SECRET, database, dataDir })).toEqual({
      secret: ENV_SECRET,
      source: 'env',
    });
  });
});

describe.skipIf(!TEST_DATABASE_URL)('app secret on PostgreSQL (several instances)', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A fresh PostgreSQL database (migrated) and `n` pools on it, as `n` processes would have. */
  const instances = async (n: number): Promise<Database[]> => {
    const pgDb = await createPgDatabase();
    cleanups.push(pgDb.drop);
    const opened: Database[] = [];
    for (let i = 0; i < n; i++) {
      const database = await openDatabase({ databaseUrl: pgDb.url });
      cleanups.push(() => database.close());
      opened.push(database);
    }
    return opened;
  };

  const appOn = async (database: Database, appSecret: string): Promise<FastifyInstance> => {
    const parsed = parseConfig({
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://app.test',
      WEB_DIST: '/nonexistent',
      RECONCILE_INTERVAL_MS: '0',
    });
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    const app = await buildApp(parsed.config, { database, appSecret });
    await app.ready();
    cleanups.push(() => app.close());
    return app;
  };

  it('two instances started one after the other use the one secret the database keeps', async () => {
    const [a, b] = await instances(2);
    const first = await resolveAppSecret({ fromEnv: undefined, database: a!, dataDir: emptyDir() });
    const second = await resolveAppSecret({
      fromEnv: undefined,
      database: b!,
      dataDir: emptyDir(),
    });
    expect(first.source).toBe('database');
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(second).toEqual(first);
    const rows = await a!.db.select().from(appSecrets);
    expect(rows.map((r) => [r.id, r.secret])).toEqual([['app', first.secret]]);

    // A session signed by one instance is accepted by the other; a key sealed by one opens on
    // the other.
    const [appA, appB] = [await appOn(a!, first.secret), await appOn(b!, second.secret)];
    const user = await register(appA);
    const me = await authed(appB, user.token, 'GET', '/api/users/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id });
    const sealed = new SecretBox(first.secret).encrypt('0xprivate');
    expect(new SecretBox(second.secret).decrypt(sealed)).toBe('0xprivate');

    // What each instance had before the secret moved to the database: its own, refused.
    const own = await appOn(b!, 'an-instance-of-its-own-secret-0123456789');
    expect((await authed(own, user.token, 'GET', '/api/users/me')).statusCode).toBe(401);
  });

  it('instances starting at once on a fresh database migrate once and agree on one secret', async () => {
    const pgDb = await createPgDatabase();
    cleanups.push(pgDb.drop);
    // What server.ts does on start-up, four times at once: open (and migrate), then the secret.
    const started = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const database = await openDatabase({ databaseUrl: pgDb.url });
        cleanups.push(() => database.close());
        const resolved = await resolveAppSecret({
          fromEnv: undefined,
          database,
          dataDir: emptyDir(),
        });
        return { database, secret: resolved.secret };
      }),
    );
    expect(new Set(started.map((s) => s.secret)).size).toBe(1);
    expect(await started[0]!.database.db.select().from(appSecrets)).toHaveLength(1);
  });

  it('many concurrent first writes of different candidates keep exactly one', async () => {
    const [a, b] = await instances(2);
    const candidates = Array.from({ length: 16 }, (_, i) => `candidate-${i}-`.padEnd(40, 'x'));
    const read = await Promise.all(
      candidates.map((candidate, i) => sharedSecret((i % 2 ? a : b)!.db, candidate)),
    );
    expect(new Set(read).size).toBe(1);
    expect(candidates).toContain(read[0]);
  });

  it('an installation with a secret in its data folder brings it into the database', async () => {
    const [a, b] = await instances(2);
    const dataDir = emptyDir();
    const old = 'the-secret-this-installation-generated-before-0123';
    writeFileSync(join(dataDir, 'app-secret'), old);
    expect(await resolveAppSecret({ fromEnv: undefined, database: a!, dataDir })).toEqual({
      secret: old,
      source: 'database',
    });
    // A second instance with no data folder of its own gets it from the database.
    const other = await resolveAppSecret({ fromEnv: undefined, database: b!, dataDir: emptyDir() });
    expect(other.secret).toBe(old);
    // A data folder with another secret does not replace it, and says so.
    const stray = emptyDir();
    writeFileSync(join(stray, 'app-secret'), 'another-instance-of-its-own-secret-0123');
    expect(await resolveAppSecret({ fromEnv: undefined, database: b!, dataDir: stray })).toEqual({
      secret: old,
      source: 'database',
      ignoredFile: true,
    });
  });

  it('refuses to start on a database with accounts and no secret kept, rather than make a new one', async () => {
    const [a] = await instances(1);
    // An installation that ran with APP_SECRET (or another machine's data folder): accounts,
    // no app_secrets row.
    const app = await appOn(a!, ENV_SECRET);
    await register(app);
    await expect(
      resolveAppSecret({ fromEnv: undefined, database: a!, dataDir: emptyDir() }),
    ).rejects.toThrow(UNKNOWN_SECRET_MESSAGE);
    expect(await a!.db.select().from(appSecrets)).toEqual([]);
    // With the secret it ran with, it starts.
    expect(
      await resolveAppSecret({ fromEnv: ENV_SECRET, database: a!, dataDir: emptyDir() }),
    ).toEqual({ secret: ENV_SECRET, source: 'env' });
  });

  it('APP_SECRET wins and leaves the database untouched', async () => {
    const [a] = await instances(1);
    expect(
      await resolveAppSecret({ fromEnv: ENV_SECRET, database: a!, dataDir: emptyDir() }),
    ).toEqual({ secret: ENV_SECRET, source: 'env' });
    expect(await a!.db.select().from(appSecrets)).toEqual([]);
  });
});
