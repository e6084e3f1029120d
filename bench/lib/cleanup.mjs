// Clean-up: everything a run creates (server processes, temporary folders, the PostgreSQL
// database) is removed even on failure or Ctrl-C.
import { rmSync } from 'node:fs';
import { UsageError } from './options.mjs';
import { dropDatabase } from './postgres.mjs';
import { children, removeDir, stop, tempDirs } from './processes.mjs';

let cleaning;
export function cleanUp() {
  cleaning ??= (async () => {
    await Promise.all([...children].map((child) => stop(child)));
    await dropDatabase().catch((err) => {
      console.error(`could not drop the bench database: ${err.message}`);
      process.exitCode = 1;
    });
    for (const dir of tempDirs) removeDir(dir);
  })();
  return cleaning;
}

/**
 * Installs the last resorts: on exit (an uncaught error, exit()) and on SIGINT / SIGTERM, where
 * `after` (a bench's own clean-up, e.g. its Redis keys) runs once the common one is done and
 * before the process exits.
 */
export function installCleanUp(after = async () => undefined) {
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL');
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up`);
      void cleanUp()
        .then(after)
        .finally(() => process.exit(130));
    });
  }
}

/**
 * Runs a bench's `main`: a UsageError prints the message and `usage` (exit code 2), any other
 * failure its stack (1). The clean-up always runs, then `after` (the bench's own), and the
 * process ends: autocannon and keep-alive agents may hold handles open once the run is over.
 */
export async function runBench(main, usage, after = async () => undefined) {
  try {
    await main();
  } catch (err) {
    const usageError = err instanceof UsageError;
    console.error(usageError ? `${err.message}\n\n${usage}` : `bench failed: ${err.stack ?? err}`);
    process.exitCode = usageError ? 2 : 1;
  } finally {
    await cleanUp();
    await after();
  }
  process.exit();
}
