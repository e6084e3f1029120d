import { parseConfig } from '../config.js';
import { openDatabase, pgliteDirOf } from '../db/client.js';
import { lockDataDir } from '../lib/data-dir.js';
import { runAdminCommand, USAGE } from './admin-commands.js';

/**
 * `npm run admin -- promote <username>`. With the embedded database it takes the data folder's
 * lock, so it refuses to run while the server is running (PGlite allows one process).
 */
async function main() {
  const argv = process.argv.slice(2);
  if (argv.length === 0) {
    console.log(USAGE);
    process.exit(2);
  }
  const parsed = parseConfig(process.env);
  if (!parsed.ok) throw new Error(`Invalid configuration:\n  ${parsed.errors.join('\n  ')}`);
  const { config } = parsed;
  const release = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: pgliteDirOf(config.dataDir),
      log: (message) => console.warn(message),
    });
    const { code, out } = await runAdminCommand(database.db, argv);
    await database.close();
    console.log(out);
    process.exitCode = code;
  } finally {
    release();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
