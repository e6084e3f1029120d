import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGliteThread } from './pglite-thread.js';

/**
 * PGlite's settings for a data folder (the server's). shared_buffers: PostgreSQL's own page
 * cache, 128 MB by default, which PGlite allocates and touches inside its WebAssembly memory
 * at start (about 130 MB of resident memory). 32 MB keeps an ordinary installation's tables
 * and indexes; the rest is read from the operating system's file cache (point queries as
 * fast, scans of a table larger than the cache about 20 % slower). bench/RESULTS.md, issue 28.
 */
const PGLITE_FOLDER_SETTINGS = ['shared_buffers=32MB'];

/** The PGlite folder in the server's data folder (DATA_DIR). */
export const pgliteDirOf = (dataDir: string) => join(dataDir, 'pglite');

/**
 * PGlite on a data folder, opened in a worker thread (created first when the folder is new):
 * its WebAssembly would otherwise hold the event loop while it opens (and creates) the
 * database and runs each query.
 */
export async function openPgliteFolder(
  dir: string,
  log: (message: string) => void = () => undefined,
): Promise<PGliteThread> {
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'PG_VERSION'))) await createPgliteFolder(dir);
  const thread = new PGliteThread(
    dir,
    {},
    (reason) =>
      log(`PGlite's worker thread ended (${reason}): the database answers 503 until a restart`),
    PGLITE_FOLDER_SETTINGS,
  );
  try {
    await thread.waitReady;
  } catch (err) {
    await thread.close();
    throw err;
  }
  return thread;
}

/**
 * Creates the database of a new folder in a worker of its own, ended once done: initdb runs a
 * second PGlite and its own WebAssembly (400 MB and more between them) that would otherwise
 * stay in the server's memory until collected, if ever.
 */
async function createPgliteFolder(dir: string): Promise<void> {
  const creator = new PGliteThread(dir, {}, undefined, PGLITE_FOLDER_SETTINGS);
  try {
    await creator.waitReady;
  } finally {
    await creator.close();
  }
}
