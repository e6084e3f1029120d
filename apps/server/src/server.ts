import { buildApp } from './app.js';
import { parseConfig } from './config.js';
import { openDatabase, pgliteDirOf } from './db/client.js';
import { loadOrCreateSecret, lockDataDir } from './lib/data-dir.js';

/** Starts the server: config, data folder lock, database (migrated), app, listen. */
async function main() {
  const startedAt = performance.now();
  const parsed = parseConfig(process.env);
  if (!parsed.ok) {
    console.error(`Invalid configuration:\n  ${parsed.errors.join('\n  ')}`);
    process.exit(1);
  }
  const { config } = parsed;
  const release = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: pgliteDirOf(config.dataDir),
  });
  const appSecret = loadOrCreateSecret(config.dataDir, config.appSecret);
  const app = await buildApp(config, { database, appSecret });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const ms = Math.round(performance.now() - startedAt);
  app.log.info(
    `Trading Bingo on ${config.publicUrl} (${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''}), ready in ${ms} ms`,
  );
  process.send?.('ready');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
