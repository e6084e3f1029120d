// Two app instances (A and B) on one PostgreSQL database and one Redis, for the benches that
// measure what crosses between instances (instances.mjs, chat.mjs): the pair, the Redis keys
// they write under this run's prefix, and the clean-up that deletes those keys too.
import { join } from 'node:path';
import { SERVER } from './app.mjs';
import { installCleanUp, runBench } from './cleanup.mjs';
import { call, dropRedisKeys, until } from './instances-steps.mjs';
import { startServer, tempDir } from './processes.mjs';

export const REDIS_URL = 'redis://127.0.0.1:6379';
export const REDIS_KEY_PREFIX = `tb-bench-${process.pid}:`;

let redisUsed = false;
/** Deletes this run's Redis keys, once, if the pair was started. */
async function dropKeys() {
  if (!redisUsed) return;
  redisUsed = false;
  const n = await dropRedisKeys(REDIS_URL, REDIS_KEY_PREFIX);
  console.log(`deleted ${n} Redis key(s) under ${REDIS_KEY_PREFIX}`);
}

/** The last resorts (cleanup.mjs), with this run's Redis keys deleted before a signal exits. */
export function installPairCleanUp() {
  installCleanUp(() => dropKeys().catch(() => undefined));
}

/** runBench (cleanup.mjs) that deletes this run's Redis keys at the end, saying so if it cannot. */
export function runPairBench(main, usage) {
  return runBench(main, usage, () =>
    dropKeys().catch((err) => {
      console.error(`could not delete the Redis keys under ${REDIS_KEY_PREFIX}: ${err.message}`);
      process.exitCode = 1;
    }),
  );
}

/**
 * Starts A and B on `databaseUrl` and this run's Redis prefix, and waits until both report
 * Redis. Per-address route limits are lifted (every request comes from one address, and
 * x-forwarded-for may name another); no APP_SECRET (processes.mjs never passes the caller's
 * on), so they share the secret kept in the database.
 */
export async function startPair(databaseUrl) {
  redisUsed = true;
  const env = (dir) => ({
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_KEY_PREFIX,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000',
    TRUST_PROXY: 'true',
    PAPER_EXCHANGE: 'true',
    PAPER_CONTROL: 'false',
    RECONCILE_INTERVAL_MS: '0',
    WEB_DIST: join(dir, 'no-web-app'),
  });
  const [a, b] = await Promise.all([
    startServer('A', SERVER, env(tempDir())),
    startServer('B', SERVER, env(tempDir())),
  ]);
  for (const child of [a, b]) {
    await until(
      `${child.label} on Redis`,
      async () => (await call(child, 'GET', '/api/health')).body?.redis === 'ok',
      { everyMs: 200 },
    );
  }
  return [a, b];
}
