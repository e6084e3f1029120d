import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { parseConfig } from '../config.js';
import { dropKeys, testKeyPrefix } from '../lib/redis/redis-testing.js';
import {
  createPgDatabase,
  type DATABASES,
  MemoryMailer,
  openTestDatabase,
  TestClock,
  type TestDatabase,
} from './helper.js';

const APP_SECRET = 'test-secret-that-is-long-enough-0123456789';

/**
 * Two app instances on one database and one Redis, as two processes behind a balancer would
 * be (DESIGN.md section 10): each its own Redis connection; on PostgreSQL each its own pool.
 */
export async function twoInstances(
  kind: (typeof DATABASES)[number],
  redisUrl: string,
  env: Record<string, string> = {},
) {
  const prefix = testKeyPrefix();
  const pgDb = kind === 'postgres' ? await createPgDatabase() : undefined;
  const parsed = parseConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://app.test',
    WEB_DIST: '/nonexistent',
    RECONCILE_INTERVAL_MS: '0',
    REDIS_URL: redisUrl,
    // Long enough for a loaded machine: a slow answer must not count Redis as down (and send
    // an instance to the exchange itself); a stopped Redis still fails at once.
    REDIS_COMMAND_TIMEOUT_MS: '10000',
    ...env,
  });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  const databases: TestDatabase[] = [await openTestDatabase(pgDb?.url)];
  // PGlite has one connection: both instances share it.
  if (pgDb) databases.push(await openTestDatabase(pgDb.url));
  const clock = new TestClock();
  const apps: FastifyInstance[] = [];
  for (const database of [databases[0]!, databases.at(-1)!]) {
    const app = await buildApp(parsed.config, {
      database,
      appSecret: APP_SECRET,
      now: clock.now,
      mailer: new MemoryMailer(),
      redisKeyPrefix: prefix,
    });
    await app.ready();
    apps.push(app);
  }
  const close = async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.release();
    await pgDb?.drop();
    await dropKeys(redisUrl, prefix).catch(() => undefined);
  };
  // `database`: the first instance's (tests read rows through it).
  return { a: apps[0]!, b: apps[1]!, close, clock, database: databases[0]! };
}

export const health = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: '/api/health' })).json() as {
    status: string;
    redis: string;
    reason?: string;
  };
