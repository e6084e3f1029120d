import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Faults, FaultPoint } from './modules/trades/live-desk.js';
import type { Config } from './config.js';
import { loadInSteps, loadModuleInSteps, loadPackageInSteps } from './lib/load-in-steps.js';
import { serializeError } from './lib/log-errors.js';

/** Requests sent just before SIGTERM are still accepted and answered for this long. */
const DRAIN_MS = 500;

/** Starts the server: config, data folder lock, database (migrated), app, listen. */
async function main() {
  const startedAt = performance.now();
  // What the server creates (the database's files, the app secret, mails) is its user's alone.
  process.umask(0o077);
  // Everything else is loaded step by step: this module imports only what is light.
  await loadInSteps(['zod']);
  await loadPackageInSteps('fastify');
  await loadModuleInSteps('@tb/paper-exchange');
  await loadInSteps(DATABASE_PACKAGES);
  const { parseConfig } = await import('./config.js');
  const parsed = parseConfig(process.env);
  if (!parsed.ok) {
    console.error(`Invalid configuration:\n  ${parsed.errors.join('\n  ')}`);
    process.exit(1);
  }
  const { config } = parsed;
  const { lockDataDir } = await import('./lib/data-dir.js');
  const release = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  try {
    await start(config, release, startedAt);
  } catch (err) {
    release();
    throw err;
  }
}

async function start(config: Config, release: () => void, startedAt: number) {
  // A lost database connection is a warning in the app's log (on stderr until the app exists).
  let warn = (message: string) => console.warn(message);
  const { openDatabase, pgliteDirOf } = await import('./db/client.js');
  // The database opens (PGlite in its worker thread, or the PostgreSQL pool and migrations)
  // while this thread loads the app's modules: the two longest steps of a start, side by side.
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: pgliteDirOf(config.dataDir),
    timeoutMs: config.databaseTimeoutMs,
    log: (message) => warn(message),
  });
  opening.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
  // Files an older version or another tool left readable to others are made the server's own.
  const { secureDataDir } = await import('./lib/data-permissions.js');
  const securing = secureDataDir(config.dataDir).then(
    (fixed) => {
      if (fixed > 0) {
        warn(
          `${config.dataDir}: ${fixed} files and folders were readable by other users; now only this server's user can read them (folders 0700, files 0600)`,
        );
      }
    },
    (err: unknown) => warn(`${config.dataDir}: could not check its permissions (${String(err)})`),
  );
  for (const name of APP_PACKAGES) await loadPackageInSteps(name);
  await loadModuleInSteps('@tb/core');
  await loadInSteps(EXCHANGE_PACKAGES);
  await loadModuleInSteps('@tb/hyperliquid');
  await loadFastifyCompilers();
  await loadModuleInSteps(new URL('./app.js', import.meta.url).href);
  const { buildApp } = await import('./app.js');
  const { resolveAppSecret } = await import('./lib/app-secret.js');
  const { prepareShutdown } = await import('./lib/shutdown.js');
  const database = await opening;
  await securing;
  const appSecret = await resolveAppSecret({
    fromEnv: config.appSecret,
    database,
    dataDir: config.dataDir,
  });
  const app = await buildApp(config, {
    database,
    appSecret: appSecret.secret,
    // The same instance after a restart holds its reconciler leases again at once.
    instanceId: config.instanceId ?? `${hostname()}:${config.port}`,
    faults: crashAt(config.testCrashAt),
  });
  warn = (message) => app.log.warn(message);
  if (appSecret.source === 'database') {
    app.log.info(
      'APP_SECRET is not set: using the secret kept in the database (every instance shares it)',
    );
  }
  if (appSecret.ignoredFile) {
    app.log.warn(
      `${config.dataDir}/app-secret differs from the secret kept in the database, which is used: sessions signed and API keys sealed with the file's secret are no longer valid.`,
    );
  }
  // Installed before listening, so every request is followed (lib/shutdown.ts).
  const stop = prepareShutdown(app, {
    drainMs: Math.min(DRAIN_MS, config.shutdownTimeoutMs / 4),
    deadlineMs: config.shutdownTimeoutMs,
    closeDatabase: () => database.close(),
    release,
    exit: (code) => process.exit(code),
  });
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const ms = Math.round(performance.now() - startedAt);
  app.log.info(
    `Trading Bingo on ${config.publicUrl} (${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''}), ready in ${ms} ms`,
  );
  if (!config.smtpUrl && config.env === 'production') {
    app.log.info(
      'SMTP_URL is not set: mails go to the development outbox and their links to this log. Set SMTP_URL before others use this server.',
    );
  }
  process.send?.('ready');
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Fastify's validator and serializer compilers, which it loads when the app is built, loaded
 * from fastify's own location ahead, each with its Ajv and formats in turns of their own.
 */
async function loadFastifyCompilers(): Promise<void> {
  const fromFastify = createRequire(fileURLToPath(import.meta.resolve('fastify')));
  /** A require from the package reached through `chain` (each resolved from the last). */
  const from = (chain: string[]) =>
    chain.reduce((req, name) => createRequire(req.resolve(name)), fromFastify);
  const serializer = ['@fastify/fast-json-stringify-compiler', 'fast-json-stringify'];
  const steps: [string[], string][] = [
    [['@fastify/ajv-compiler'], 'ajv'],
    [['@fastify/ajv-compiler'], 'ajv-formats'],
    [[], '@fastify/ajv-compiler'],
    [serializer, 'ajv'],
    [serializer, 'ajv-formats'],
    [serializer.slice(0, 1), 'fast-json-stringify'],
    [[], '@fastify/fast-json-stringify-compiler'],
  ];
  for (const [chain, name] of steps) {
    try {
      from(chain)(name);
    } catch {
      // Not where expected (another version's layout): fastify loads it itself.
    }
    await turn();
  }
}

/**
 * What the database needs, before it opens (the configuration needs zod, fastify and the paper
 * exchange's package, loaded before them).
 */
const DATABASE_PACKAGES = [
  'pg',
  'drizzle-orm',
  'drizzle-orm/pg-core',
  '@electric-sql/pglite',
  'drizzle-orm/pglite',
  'drizzle-orm/node-postgres',
];

/** The app's packages, while the database opens; then @tb/core's modules, one by one. */
const APP_PACKAGES = [
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@fastify/static',
  '@fastify/helmet',
  '@fastify/compress',
  '@fastify/rate-limit',
  '@fastify/jwt',
  'fastify-type-provider-zod',
];

/** What @tb/hyperliquid builds on, before its own modules: its SDK's parts one by one. */
const EXCHANGE_PACKAGES = [
  'valibot',
  '@nktkas/hyperliquid/utils',
  '@nktkas/hyperliquid/signing',
  '@nktkas/hyperliquid/api/info',
  '@nktkas/hyperliquid/api/exchange',
  '@nktkas/hyperliquid',
  '@noble/curves/secp256k1.js',
];

/**
 * TEST_CRASH_AT (the crash harness, bench/live-crash.mjs): the process kills itself (SIGKILL,
 * nothing flushed, no clean-up) when a live action reaches that step.
 */
function crashAt(point: FaultPoint | undefined): Faults | undefined {
  if (!point) return undefined;
  return async (at) => {
    if (at === point) process.kill(process.pid, 'SIGKILL');
  };
}

/** What went wrong at start-up, with its causes, and never a query parameter. */
function describeStartupError(err: unknown): string {
  const lines: string[] = [];
  let next: ReturnType<typeof serializeError> | undefined = serializeError(err);
  while (next !== undefined) {
    const text = typeof next === 'string' ? next : next.message;
    if (text && !lines.includes(text)) lines.push(text);
    next = typeof next === 'string' ? undefined : next.cause;
  }
  return lines.join('\n  caused by: ');
}

main().catch((err: unknown) => {
  console.error(describeStartupError(err));
  process.exit(1);
});
